<?php
/**
 * The site's mail for the tests on the real WordPress: wp_mail() runs as
 * it does on a site, through PHPMailer, whose sendmail transport is
 * fixtures/sendmail.sh (it keeps each message in the test's directory)
 * — or, for a mail the test makes fail, a sendmail that fails, so that
 * WordPress fires wp_mail_failed with PHPMailer's words. What each sent
 * mail was (to, subject, message, content type) is kept as PHPMailer
 * had it.
 *
 * @package Arshline_Sidecar
 */

/**
 * Mail sent and mail to fail.
 */
final class Arshline_Test_Mail {

	/**
	 * Mails sent: to, subject, message, type.
	 *
	 * @var array[]
	 */
	public static $mails = array();

	/**
	 * How many of the next mails fail, as a site whose mail transport is
	 * down fails them.
	 *
	 * @var int
	 */
	public static $fail = 0;

	/**
	 * The words of the last wp_mail_failed.
	 *
	 * @var string
	 */
	public static $last_error = '';

	/**
	 * The mail being sent (set on phpmailer_init, kept on wp_mail_succeeded).
	 *
	 * @var array|null
	 */
	private static $sending = null;

	/**
	 * Hooks into wp_mail().
	 */
	public static function capture() {
		self::$mails = array();
		self::$fail  = 0;
		$dir         = Arshline_Test_Processes::root() . '/mail';
		if ( ! is_dir( $dir ) ) {
			mkdir( $dir, 0700, true );
		}
		putenv( 'ARSHLINE_TEST_MAILDIR=' . $dir );
		add_action( 'phpmailer_init', array( __CLASS__, 'init' ) );
		add_action(
			'wp_mail_succeeded',
			function () {
				if ( null !== self::$sending ) {
					self::$mails[] = self::$sending;
				}
				self::$sending = null;
			}
		);
		add_action(
			'wp_mail_failed',
			function ( $error ) {
				self::$sending    = null;
				self::$last_error = $error->get_error_message();
			}
		);
	}

	/**
	 * The messages as the transport received them, oldest first.
	 *
	 * @return string[]
	 */
	public static function raw() {
		$files = glob( Arshline_Test_Processes::root() . '/mail/*.eml' );
		sort( $files );
		return array_map( 'file_get_contents', $files );
	}

	/**
	 * Points PHPMailer at the test's sendmail.
	 *
	 * @param PHPMailer\PHPMailer\PHPMailer $mailer The mailer wp_mail() set up.
	 */
	public static function init( $mailer ) {
		$mailer->isSendmail();
		if ( self::$fail > 0 ) {
			--self::$fail;
			$mailer->Sendmail = dirname( __DIR__ ) . '/fixtures/sendmail-down.sh'; // phpcs:ignore WordPress.NamingConventions.ValidVariableName.UsedPropertyNotSnakeCase -- PHPMailer's.
			self::$sending    = null;
			return;
		}
		$mailer->Sendmail = dirname( __DIR__ ) . '/fixtures/sendmail.sh'; // phpcs:ignore WordPress.NamingConventions.ValidVariableName.UsedPropertyNotSnakeCase -- PHPMailer's.
		self::$sending    = array(
			'to'      => $mailer->getToAddresses()[0][0],
			'subject' => $mailer->Subject, // phpcs:ignore WordPress.NamingConventions.ValidVariableName.UsedPropertyNotSnakeCase -- PHPMailer's.
			'message' => $mailer->Body, // phpcs:ignore WordPress.NamingConventions.ValidVariableName.UsedPropertyNotSnakeCase -- PHPMailer's.
			'type'    => $mailer->ContentType, // phpcs:ignore WordPress.NamingConventions.ValidVariableName.UsedPropertyNotSnakeCase -- PHPMailer's.
		);
	}
}
