<?php
/**
 * The notification mail of an accepted submission.
 *
 * forms.public leaves the notification addresses out (respondents never
 * see them), so the plugin reads the form with forms.get as the site
 * itself — the system actor {user_id 0, caps [manage_arshline_forms],
 * site_id} — and mails settings.notify_emails. The mail is minimal: the
 * form's title, the tracking code, the time and a link to the entries;
 * answers only when the filter arshline_sidecar_mail_answers says so.
 *
 * @package Arshline_Sidecar
 */

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * Sends the notification of a submission.
 */
final class Arshline_Sidecar_Public_Mail {

	/**
	 * Mails the form's notify_emails about a receipt. Never fails the
	 * submission: it is already kept.
	 *
	 * @param string $token   Public token of the form.
	 * @param array  $receipt submissions.submit's result.
	 * @param array  $answers The answers sent (mailed only when the filter allows).
	 * @return int Addresses mailed.
	 */
	public static function notify( $token, array $receipt, array $answers = array() ) {
		$form = self::form_by_token( $token );
		if ( null === $form ) {
			return 0;
		}
		$emails = isset( $form['document']['settings']['notify_emails'] ) && is_array( $form['document']['settings']['notify_emails'] ) ? $form['document']['settings']['notify_emails'] : array();
		$emails = array_values( array_filter( $emails, 'is_email' ) );
		if ( ! $emails ) {
			return 0;
		}
		$fa    = Arshline_Sidecar_Errors::is_persian( Arshline_Sidecar_Plugin::locale() );
		$title = isset( $form['title'] ) ? (string) $form['title'] : '';
		$code  = isset( $receipt['tracking_code'] ) ? (string) $receipt['tracking_code'] : '';
		/**
		 * Filters the link to a form's entries in the notification mail.
		 *
		 * @param string $url     Link.
		 * @param int    $form_id Form id.
		 */
		$link  = (string) apply_filters( 'arshline_sidecar_entries_url', admin_url( 'admin.php?page=arshline-sidecar#entries/' . (int) $form['id'] ), (int) $form['id'] );
		$lines = array(
			( $fa ? 'فرم: ' : 'Form: ' ) . $title,
			( $fa ? 'کد رهگیری: ' : 'Tracking code: ' ) . $code,
			( $fa ? 'زمان: ' : 'Time: ' ) . gmdate( 'Y-m-d H:i:s' ) . ' UTC',
			( $fa ? 'پاسخ‌ها: ' : 'Entries: ' ) . $link,
		);
		/**
		 * Filters whether the notification mail lists the answers. Off by
		 * default: a mailbox is a poorer place for people's answers than
		 * the site.
		 *
		 * @param bool  $include Whether to include them.
		 * @param array $form    The form (forms.get).
		 */
		if ( $answers && apply_filters( 'arshline_sidecar_mail_answers', false, $form ) ) {
			$lines[] = '';
			foreach ( $answers as $field => $value ) {
				$lines[] = $field . ': ' . ( is_scalar( $value ) ? (string) $value : wp_json_encode( $value, JSON_UNESCAPED_UNICODE ) );
			}
		}
		$subject = ( $fa ? 'پاسخ تازه به فرم: ' : 'New answer to the form: ' ) . wp_strip_all_tags( $title );
		$hour    = (int) floor( time() / HOUR_IN_SECONDS );
		/**
		 * Filters how many notification mails one form sends an hour.
		 *
		 * @param int   $limit Mails per form per hour.
		 * @param array $form  The form (forms.get).
		 */
		$per_form = (int) apply_filters( 'arshline_sidecar_mail_per_form_per_hour', 20, $form );
		/**
		 * Filters how many notification mails one address receives an hour,
		 * from every form together.
		 *
		 * @param int $limit Mails per address per hour.
		 */
		$per_address = (int) apply_filters( 'arshline_sidecar_mail_per_address_per_hour', 40 );
		$form_key    = 'arshline_mail_f' . (int) $form['id'] . '_' . $hour;
		$form_count  = (int) get_transient( $form_key );
		if ( $form_count >= $per_form ) {
			return 0;
		}
		set_transient( $form_key, $form_count + 1, HOUR_IN_SECONDS );
		$last_of_form = $form_count + 1 >= $per_form;
		$html         = self::html_mail();
		$sent         = 0;
		foreach ( $emails as $email ) {
			$key   = 'arshline_mail_a' . md5( strtolower( $email ) ) . '_' . $hour;
			$count = (int) get_transient( $key );
			if ( $count >= $per_address ) {
				continue;
			}
			set_transient( $key, $count + 1, HOUR_IN_SECONDS );
			$body = $lines;
			if ( $last_of_form || $count + 1 >= $per_address ) {
				$body[] = '';
				$body[] = $fa ? 'تا پایان این ساعت برای پاسخ‌های تازه نامه‌ای فرستاده نمی‌شود؛ آن‌ها را در صفحهٔ پاسخ‌ها ببینید.' : 'No more mails are sent for new answers this hour; see them on the entries page.';
			}
			if ( $html ) {
				$message = '<html><body dir="' . ( $fa ? 'rtl' : 'ltr' ) . '"><p>' . implode( '<br>', array_map( 'esc_html', $body ) ) . '</p></body></html>';
				$headers = array( 'Content-Type: text/html; charset=UTF-8' );
			} else {
				$message = implode( "\n", $body );
				$headers = array( 'Content-Type: text/plain; charset=UTF-8' );
			}
			if ( wp_mail( $email, $subject, $message, $headers ) ) {
				++$sent;
			}
		}
		return $sent;
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

	/**
	 * The form a public token names, read as the site (forms.get), its id
	 * found once by forms.list and remembered for an hour.
	 *
	 * @param string $token Public token.
	 * @return array|null
	 */
	public static function form_by_token( $token ) {
		$client = Arshline_Sidecar_Plugin::client();
		$actor  = Arshline_Sidecar_Public::system_actor();
		$key    = 'arshline_form_id_' . md5( (string) $token );
		$id     = (int) get_transient( $key );
		if ( $id > 0 ) {
			$form = $client->call( 'forms.get', array( 'id' => $id ), $actor );
			if ( is_array( $form ) && isset( $form['public_token'] ) && $form['public_token'] === $token ) {
				return $form;
			}
		}
		for ( $offset = 0; $offset < 10000; $offset += 200 ) {
			$page = $client->call(
				'forms.list',
				array(
					'status' => 'published',
					'limit'  => 200,
					'offset' => $offset,
				),
				$actor
			);
			$items = is_array( $page ) && isset( $page['items'] ) ? $page['items'] : $page;
			if ( ! is_array( $items ) || ! $items ) {
				return null;
			}
			foreach ( $items as $row ) {
				if ( is_array( $row ) && isset( $row['public_token'], $row['id'] ) && $row['public_token'] === $token ) {
					set_transient( $key, (int) $row['id'], HOUR_IN_SECONDS );
					$form = $client->call( 'forms.get', array( 'id' => (int) $row['id'] ), $actor );
					return is_array( $form ) ? $form : null;
				}
			}
			if ( count( $items ) < 200 ) {
				return null;
			}
		}
		return null;
	}
}
