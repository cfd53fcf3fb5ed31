<?php
/**
 * The notification mails of a form's submissions, sent through WordPress.
 *
 * The daemon owes each mail in the submission's own transaction (its
 * notification outbox: settings.notifications with channel "email", and
 * settings.notify_emails), bounds them per form and per address, and
 * keeps a log of each on the entry. Mail leaves through wp_mail, so that
 * the site's SMTP plugin applies: the plugin takes the mails due
 * (notifications.email.claim, each leased to it for a while), sends each
 * with wp_mail, hears wp_mail_failed, and reports every outcome back
 * (notifications.email.report); a mail not reported comes due again when
 * its lease ends, under the same delivery id. The pull runs from WP-cron
 * every minute, right after a submission, and when an administrator asks
 * (POST arshline/v1/notifications/pull).
 *
 * @package Arshline_Sidecar
 */

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * Takes the mails the daemon owes and sends them with wp_mail.
 */
final class Arshline_Sidecar_Public_Mail {

	/**
	 * The WP-cron hook of a pull.
	 */
	const HOOK = 'arshline_sidecar_mail_pull';

	/**
	 * The WP-cron schedule of the recurring pull.
	 */
	const SCHEDULE = 'arshline_sidecar_minute';

	/**
	 * Mails one pull takes at most: a few rounds of a claim each, so that
	 * one request never spends minutes on a slow SMTP server.
	 */
	const PER_CLAIM = 10;
	const ROUNDS    = 5;

	/**
	 * Why the last wp_mail failed (wp_mail_failed's message), or null.
	 *
	 * @var string|null
	 */
	private static $failure = null;

	/**
	 * Hooks the pull into WP-cron and wp_mail_failed.
	 */
	public static function boot() {
		add_filter( 'cron_schedules', array( __CLASS__, 'cron_schedules' ) ); // phpcs:ignore WordPress.WP.CronInterval.CronSchedulesInterval -- mails are due within a minute.
		add_action( self::HOOK, array( __CLASS__, 'run' ) );
		add_action( 'wp_mail_failed', array( __CLASS__, 'mail_failed' ) );
		add_action( 'init', array( __CLASS__, 'schedule' ) );
	}

	/**
	 * A once-a-minute schedule for the recurring pull.
	 *
	 * @param array $schedules WP-cron's schedules.
	 * @return array
	 */
	public static function cron_schedules( $schedules ) {
		$schedules[ self::SCHEDULE ] = array(
			'interval' => MINUTE_IN_SECONDS,
			'display'  => __( 'Every minute (Arshline notification mails)', 'arshline-sidecar' ),
		);
		return $schedules;
	}

	/**
	 * Schedules the recurring pull when it is not (activation, a site whose
	 * cron was reset).
	 */
	public static function schedule() {
		if ( ! wp_next_scheduled( self::HOOK ) ) {
			wp_schedule_event( time(), self::SCHEDULE, self::HOOK );
		}
	}

	/**
	 * Removes the plugin's pull from WP-cron (deactivation, uninstall).
	 */
	public static function unschedule() {
		wp_clear_scheduled_hook( self::HOOK );
		wp_clear_scheduled_hook( self::HOOK, array( 'submission' ) );
	}

	/**
	 * After an accepted submission: a pull at WP-cron's next run, without
	 * holding up the respondent's page on a mail server. Its own argument
	 * keeps it apart from the recurring pull, which WordPress would
	 * otherwise count as the same event within ten minutes; a burst of
	 * submissions still schedules one.
	 */
	public static function after_submit() {
		wp_schedule_single_event( time(), self::HOOK, array( 'submission' ) );
	}

	/**
	 * The WP-cron action: one pull, its outcome ignored (each mail's is
	 * reported to the daemon, which logs it on the entry).
	 *
	 * @param string $why What scheduled it ('submission', or none for the
	 *                    recurring pull).
	 */
	public static function run( $why = '' ) {
		self::pull();
	}

	/**
	 * Records why wp_mail failed, for the report.
	 *
	 * @param WP_Error $error wp_mail_failed's error.
	 */
	public static function mail_failed( $error ) {
		if ( is_wp_error( $error ) ) {
			self::$failure = (string) $error->get_error_message();
		}
	}

	/**
	 * Takes the due mails, sends each with wp_mail and reports each outcome.
	 *
	 * @return array|WP_Error {sent, failed, deliveries: the deliveries as
	 *                        the reports left them}, or the daemon's error.
	 */
	public static function pull() {
		$client = Arshline_Sidecar_Plugin::client();
		$actor  = Arshline_Sidecar_Public::system_actor();
		$out    = array(
			'sent'       => 0,
			'failed'     => 0,
			'deliveries' => array(),
		);
		for ( $round = 0; $round < self::ROUNDS; $round++ ) {
			$claimed = $client->call( 'notifications.email.claim', array( 'limit' => self::PER_CLAIM ), $actor );
			Arshline_Sidecar_Plugin::note_availability( $claimed );
			if ( is_wp_error( $claimed ) ) {
				return 0 === $round ? $claimed : $out;
			}
			$mails = isset( $claimed['deliveries'] ) && is_array( $claimed['deliveries'] ) ? $claimed['deliveries'] : array();
			foreach ( $mails as $mail ) {
				if ( ! is_array( $mail ) || ! isset( $mail['id'] ) ) {
					continue;
				}
				list( $ok, $error ) = self::send( $mail );
				$report             = array(
					'id' => (int) $mail['id'],
					'ok' => $ok,
				);
				if ( ! $ok ) {
					$report['error'] = $error;
				}
				$reported = $client->call( 'notifications.email.report', $report, $actor );
				if ( $ok ) {
					++$out['sent'];
				} else {
					++$out['failed'];
				}
				if ( is_array( $reported ) && isset( $reported['delivery'] ) ) {
					$out['deliveries'][] = $reported['delivery'];
				}
			}
			if ( count( $mails ) < self::PER_CLAIM ) {
				break;
			}
		}
		return $out;
	}

	/**
	 * Sends one claimed mail.
	 *
	 * @param array $mail A claimed mail: id, form_id, submission_id, to, subject, body.
	 * @return array [bool sent, string why not]
	 */
	private static function send( array $mail ) {
		$to = isset( $mail['to'] ) ? (string) $mail['to'] : '';
		if ( 'admin' === $to ) {
			$to = (string) get_option( 'admin_email' );
		}
		if ( ! is_email( $to ) ) {
			return array( false, 'not an email address: ' . ( '' === $to ? '(none; set the site\'s admin email)' : $to ) );
		}
		// The mail, and whatever wp_mail's filters add to it, speaks the
		// form's language when the daemon names it, else the site's.
		$ok = Arshline_Sidecar_Plugin::in_locale(
			isset( $mail['locale'] ) && is_string( $mail['locale'] ) ? $mail['locale'] : '',
			function () use ( $to, $mail ) {
				list( $subject, $message, $headers ) = self::compose( $mail );
				self::$failure                       = null;
				return (bool) wp_mail( $to, $subject, $message, $headers );
			}
		);
		if ( $ok ) {
			return array( true, '' );
		}
		return array( false, null !== self::$failure && '' !== self::$failure ? self::$failure : 'wp_mail returned false' );
	}

	/**
	 * A claimed mail as wp_mail takes it: the subject on one line, the body
	 * (plain text, as the daemon rendered it from the form's template and
	 * the answers) with a link to the entry, escaped when the site sends
	 * HTML mail.
	 *
	 * @param array $mail A claimed mail.
	 * @return array [subject, message, headers]
	 */
	public static function compose( array $mail ) {
		$fa      = Arshline_Sidecar_Errors::is_persian( Arshline_Sidecar_Plugin::locale() );
		// A header: one line; never markup, so shown as typed.
		$subject = trim( (string) preg_replace( '/\s+/u', ' ', isset( $mail['subject'] ) ? (string) $mail['subject'] : '' ) );
		$lines   = preg_split( '/\r\n|\r|\n/', isset( $mail['body'] ) ? (string) $mail['body'] : '' );
		$form_id = isset( $mail['form_id'] ) ? (int) $mail['form_id'] : 0;
		$entry   = isset( $mail['submission_id'] ) ? (int) $mail['submission_id'] : 0;
		if ( $form_id > 0 && $entry > 0 ) {
			/**
			 * Filters the link to an entry in a notification mail.
			 *
			 * @param string $url     Link.
			 * @param int    $form_id Form id.
			 * @param int    $entry   Submission id.
			 */
			$link    = (string) apply_filters( 'arshline_sidecar_entries_url', admin_url( 'admin.php?page=arshline-sidecar#entries/' . $form_id . '/' . $entry ), $form_id, $entry );
			$lines[] = '';
			/* translators: %s: link to the entry in wp-admin. */
			$lines[] = sprintf( __( 'Entry: %s', 'arshline-sidecar' ), $link );
		}
		if ( self::html_mail() ) {
			$message = '<html><body dir="' . ( $fa ? 'rtl' : 'ltr' ) . '"><p>' . implode( '<br>', array_map( 'esc_html', $lines ) ) . '</p></body></html>';
			$headers = array( 'Content-Type: text/html; charset=UTF-8' );
		} else {
			$message = implode( "\n", $lines );
			$headers = array( 'Content-Type: text/plain; charset=UTF-8' );
		}
		return array( $subject, $message, $headers );
	}

	/**
	 * Whether wp_mail will send this mail as HTML: a plugin of the site
	 * (an SMTP or shop plugin, say) may set every mail's type to text/html
	 * through wp_mail_content_type, whatever the headers ask.
	 *
	 * @return bool
	 */
	public static function html_mail() {
		return false !== stripos( (string) apply_filters( 'wp_mail_content_type', 'text/plain' ), 'html' );
	}
}
