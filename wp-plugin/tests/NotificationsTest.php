<?php
/**
 * A form's notifications end to end on the plugin's side, against a real
 * arshlined and the loopback Kavenegar stand-in: one submission texts the
 * respondent an approved pattern and the site's admin a plain message
 * (the daemon's worker), and owes the admin a mail, which the plugin's
 * WP-cron pull takes, sends with wp_mail and reports; the entry then
 * shows every delivery sent. A mail wp_mail fails (wp_mail_failed) is
 * reported with the mail transport's error and sent on a later pull, escaped when
 * the site sends HTML mail. The REST routes test a notification, retry
 * only a failed delivery, pull now and read the SMS credit.
 *
 * Runs on the real WordPress, each test in its own process; wp_mail()
 * goes through PHPMailer to the tests' sendmail (Arshline_Test_Mail).
 *
 * @package Arshline_Sidecar
 */

/**
 * Notifications: texts, mails through wp_mail, the delivery log.
 *
 * @runTestsInSeparateProcesses
 * @preserveGlobalState disabled
 */
final class NotificationsTest extends Arshline_WP_Test_Case {

	use Arshline_Visitor_Site;

	const ADMIN_MOBILE = '09350001122';

	/**
	 * Points the plugin at a daemon whose SMS provider is the Kavenegar
	 * stand-in, with the site's admin mobile set (its admin email is the
	 * install's).
	 *
	 * @return array The stand-in (url, key, log).
	 */
	private static function boot() {
		self::boot_site( 'notify', array( '--submit-min-fill', '0s', '--submit-per-client-per-minute', '0', '--notify-retry-base', '1s' ), '203.0.113.' . random_int( 1, 250 ) );
		return self::use_kavenegar( array( 'admin_mobile' => self::ADMIN_MOBILE ) );
	}

	/**
	 * A published form with three notifications: a pattern text to the
	 * respondent's mobile, a plain text to the admin, a mail to the admin.
	 *
	 * @return array
	 */
	private static function form() {
		return self::publish(
			'ثبت‌نام کارگاه',
			array(
				'version'  => 'arshline_form@v1',
				'fields'   => self::name_and_mobile(),
				'settings' => array(
					'notifications' => array(
						array(
							'channel' => 'sms',
							'to'      => 'field:mobile',
							'pattern' => array(
								'code'   => 'workshop-registered',
								'params' => array( 'token' => '{{tracking_code}}' ),
							),
						),
						array(
							'channel'  => 'sms',
							'to'       => 'admin',
							'template' => 'ثبت‌نام تازه: {{name}} ({{tracking_code}})',
						),
						array(
							'channel'  => 'email',
							'to'       => 'admin',
							'template' => "{{name}} ثبت‌نام کرد.\nکد رهگیری: {{tracking_code}}",
						),
					),
				),
			)
		);
	}

	/**
	 * Submits the form as a visitor would.
	 *
	 * @param array $form    The form.
	 * @param array $answers Answers.
	 * @return array The receipt.
	 */
	private static function submit( array $form, array $answers ) {
		$public  = Arshline_Sidecar_Public::call( 'forms.public', array( 'id' => (int) $form['id'] ) );
		$receipt = Arshline_Sidecar_Public::submit( (string) $form['public_token'], $answers, (string) $public['form_token'], 'k-' . bin2hex( random_bytes( 4 ) ), '', 'fa_IR' );
		if ( ! is_array( $receipt ) ) {
			throw new RuntimeException( 'submit: ' . $receipt->get_error_message() );
		}
		return $receipt;
	}

	/**
	 * The entry's deliveries.
	 *
	 * @param array $form    The form.
	 * @param array $receipt Its receipt.
	 * @return array[]
	 */
	private static function deliveries( array $form, array $receipt ) {
		$entry = self::admin()->call(
			'submissions.get',
			array(
				'form_id' => (int) $form['id'],
				'id'      => (int) $receipt['submission_id'],
			),
			self::actor( array( 'manage_arshline_forms' ), 'fa_IR' )
		);
		if ( ! is_array( $entry ) ) {
			throw new RuntimeException( 'submissions.get: ' . $entry->get_error_message() );
		}
		return $entry['deliveries'];
	}

	/**
	 * Waits until the entry's texts are sent.
	 *
	 * @param array $form    The form.
	 * @param array $receipt Its receipt.
	 * @return array[] The deliveries.
	 */
	private static function texts_sent( array $form, array $receipt ) {
		$deadline = microtime( true ) + 15;
		do {
			$all   = self::deliveries( $form, $receipt );
			$texts = array_filter(
				$all,
				function ( $d ) {
					return 'sms' === $d['channel'] && 'sent' === $d['status'];
				}
			);
			if ( 2 === count( $texts ) ) {
				return $all;
			}
			usleep( 100000 );
		} while ( microtime( true ) < $deadline );
		throw new RuntimeException( 'the texts were not sent: ' . json_encode( $all, JSON_UNESCAPED_UNICODE ) );
	}

	/**
	 * The stand-in's messages that carry a tracking code.
	 *
	 * @param array  $fake The stand-in.
	 * @param string $code Tracking code.
	 * @return array[]
	 */
	private static function texts_with( array $fake, $code ) {
		clearstatcache( true, $fake['log'] );
		$out = array();
		foreach ( is_file( $fake['log'] ) ? file( $fake['log'], FILE_IGNORE_NEW_LINES ) : array() as $line ) {
			$m = json_decode( $line, true );
			if ( false !== strpos( $m['message'], $code ) || ( isset( $m['token'] ) && $m['token'] === $code ) ) {
				$out[] = $m;
			}
		}
		return $out;
	}

	public function test_one_submission_texts_twice_and_mails_through_wp_mail() {
		$fake    = self::boot();
		$form    = self::form();
		$receipt = self::submit(
			$form,
			array(
				'name'   => 'سارا',
				'mobile' => '۰۹۱۲ ۱۲۳ ۴۵۶۷',
			)
		);
		$code = (string) $receipt['tracking_code'];
		$this->assertSame( array(), Arshline_Test_Mail::$mails, 'no mail holds up the respondent' );
		$this->assertNotFalse( wp_next_scheduled( Arshline_Sidecar_Public_Mail::HOOK, array( 'submission' ) ), 'a pull is scheduled for WP-cron' );

		do_action( Arshline_Sidecar_Public_Mail::HOOK, 'submission' );
		$this->assertCount( 1, Arshline_Test_Mail::$mails );
		$mail = Arshline_Test_Mail::$mails[0];
		$this->assertSame( 'owner@example.test', $mail['to'], '"admin" is the site\'s admin email' );
		$this->assertSame( 'پاسخ تازه به فرم: ثبت‌نام کارگاه', $mail['subject'] );
		$this->assertSame( 'text/plain', $mail['type'] );
		$this->assertStringStartsWith( "سارا ثبت‌نام کرد.\nکد رهگیری: " . $code . "\n", $mail['message'] );
		$this->assertStringContainsString( 'admin.php?page=arshline-sidecar#entries/' . $form['id'] . '/' . $receipt['submission_id'], $mail['message'] );
		// PHPMailer handed the message to the site's sendmail.
		$raw = Arshline_Test_Mail::raw();
		$this->assertCount( 1, $raw );
		$this->assertMatchesRegularExpression( '/^To: owner@example\.test\r?$/m', $raw[0] );
		$this->assertStringContainsString( 'Content-Type: text/plain; charset=UTF-8', $raw[0] );

		$deliveries = self::texts_sent( $form, $receipt );
		$this->assertCount( 3, $deliveries );
		foreach ( $deliveries as $i => $d ) {
			$this->assertSame( 'sent', $d['status'], json_encode( $d, JSON_UNESCAPED_UNICODE ) );
			$this->assertSame( 1, $d['attempts'] );
			$this->assertSame( $i, $d['notice'] );
			$this->assertNotNull( $d['sent_at'] );
		}
		$this->assertSame( array( '0912***4567', 'admin', 'admin' ), array_column( $deliveries, 'to' ) );
		$texts = self::texts_with( $fake, $code );
		$this->assertCount( 2, $texts );
		$by_to = array_column( $texts, null, 'to' );
		$this->assertSame( 'workshop-registered', $by_to['09121234567']['template'] );
		$this->assertSame( $code, $by_to['09121234567']['token'] );
		$this->assertSame( 'ثبت‌نام تازه: سارا (' . $code . ')', $by_to[ self::ADMIN_MOBILE ]['message'] );

		// The next pull finds nothing: the mail was reported sent.
		$again = Arshline_Sidecar_Public_Mail::pull();
		$this->assertSame( 0, $again['sent'] + $again['failed'] );
		$this->assertCount( 1, Arshline_Test_Mail::$mails );
	}

	public function test_a_failed_mail_is_reported_and_sent_again_escaped_as_html() {
		self::boot();
		add_filter(
			'wp_mail_content_type',
			function () {
				return 'text/html';
			}
		);
		$form    = self::form();
		$receipt = self::submit(
			$form,
			array(
				'name'   => '<a href="http://evil.example">click</a>',
				'mobile' => '09121234567',
			)
		);
		Arshline_Test_Mail::$fail = 1;
		$first                            = Arshline_Sidecar_Public_Mail::pull();
		$this->assertSame( 1, $first['failed'] );
		$this->assertSame( array(), Arshline_Test_Mail::$mails );
		$mail = array_values(
			array_filter(
				self::deliveries( $form, $receipt ),
				function ( $d ) {
					return 'email' === $d['channel'];
				}
			)
		)[0];
		$this->assertSame( 'retrying', $mail['status'] );
		$this->assertSame( 'mail_failed', $mail['error_kind'] );
		$this->assertNotSame( '', Arshline_Test_Mail::$last_error );
		$this->assertStringContainsString( Arshline_Test_Mail::$last_error, $mail['last_error'], 'wp_mail_failed\'s words' );
		$this->assertPersian( $mail['last_error'] );
		$this->assertSame( $mail, $first['deliveries'][0], 'the report answers with the delivery as the log shows it' );

		// The daemon's backoff (1 s here) passes; the next pull sends it.
		$deadline = microtime( true ) + 10;
		do {
			usleep( 250000 );
			$second = Arshline_Sidecar_Public_Mail::pull();
		} while ( 0 === $second['sent'] && microtime( true ) < $deadline );
		$this->assertSame( 1, $second['sent'] );
		$this->assertSame( $mail['id'], $second['deliveries'][0]['id'], 'the same delivery' );
		$this->assertSame( 2, $second['deliveries'][0]['attempts'] );
		$this->assertCount( 1, Arshline_Test_Mail::$mails );
		$html = Arshline_Test_Mail::$mails[0];
		$this->assertSame( 'text/html', $html['type'] );
		$this->assertStringNotContainsString( '<a ', $html['message'] );
		$this->assertStringContainsString( '&lt;a href=&quot;http://evil.example&quot;&gt;click&lt;/a&gt;', $html['message'] );
		$this->assertStringContainsString( 'dir="rtl"', $html['message'] );
	}

	public function test_rest_routes_test_retry_pull_and_credit() {
		$fake = self::boot();
		$form = self::form();
		self::login_with_caps( array( 'read', Arshline_Sidecar_Plugin::CAP ) );
		$routes = rest_get_server()->get_routes();
		foreach ( array( '/arshline/v1/submissions/deliveries/(?P<delivery_id>\d+)/retry', '/arshline/v1/forms/(?P<id>\d+)/notifications/(?P<index>\d+)/test', '/arshline/v1/notifications/pull', '/arshline/v1/sms/credit' ) as $route ) {
			$this->assertArrayHasKey( $route, $routes );
		}

		$admin_text = arshline_test_rest( 'POST', '/arshline/v1/forms/' . $form['id'] . '/notifications/1/test' );
		$this->assertSame( 200, $admin_text->get_status(), json_encode( $admin_text->get_data(), JSON_UNESCAPED_UNICODE ) );
		$d = (array) ( (array) $admin_text->get_data() )['delivery'];
		$this->assertSame( 'sent', $d['status'] );
		$this->assertTrue( $d['test'] );
		$this->assertCount( 1, self::texts_with( $fake, '1234567890' ), 'the test text carries the sample tracking code' );

		$no_to = arshline_test_rest( 'POST', '/arshline/v1/forms/' . $form['id'] . '/notifications/0/test' );
		$this->assertSame( 400, $no_to->get_status() );
		$this->assertPersian( ( (array) $no_to->get_data() )['message'] );

		$mail_test = arshline_test_rest( 'POST', '/arshline/v1/forms/' . $form['id'] . '/notifications/2/test' );
		$this->assertSame( 200, $mail_test->get_status() );
		$this->assertSame( 'sent', ( (array) ( (array) $mail_test->get_data() )['delivery'] )['status'], 'a test mail is sent at once' );
		$this->assertCount( 1, Arshline_Test_Mail::$mails );
		$this->assertStringContainsString( 'نمونه ثبت‌نام کرد.', Arshline_Test_Mail::$mails[0]['message'] );

		$sent_again = arshline_test_rest( 'POST', '/arshline/v1/submissions/deliveries/' . $d['id'] . '/retry' );
		$this->assertSame( 409, $sent_again->get_status(), 'only a failed delivery is retried' );

		// A mail wp_mail failed once is still the daemon's to try again:
		// the administrator's retry is for a delivery given up.
		self::submit(
			$form,
			array(
				'name'   => 'علی',
				'mobile' => '09121234568',
			)
		);
		Arshline_Test_Mail::$fail = 1;
		$pulled                           = arshline_test_rest( 'POST', '/arshline/v1/notifications/pull' );
		$this->assertSame( 200, $pulled->get_status() );
		$this->assertSame( 1, ( (array) $pulled->get_data() )['failed'] );
		$failed = (array) ( (array) $pulled->get_data() )['deliveries'][0];
		$this->assertSame( 409, arshline_test_rest( 'POST', '/arshline/v1/submissions/deliveries/' . $failed['id'] . '/retry' )->get_status() );

		$this->assertSame( 403, arshline_test_rest( 'GET', '/arshline/v1/sms/credit' )->get_status(), 'the SMS account is the site owner\'s' );
		self::login_with_caps( array( 'read', Arshline_Sidecar_Plugin::CAP, 'manage_options' ) );
		$credit = arshline_test_rest( 'GET', '/arshline/v1/sms/credit' );
		$this->assertSame( 200, $credit->get_status(), json_encode( $credit->get_data(), JSON_UNESCAPED_UNICODE ) );
		$data = (array) $credit->get_data();
		$this->assertSame( 'kavenegar', $data['provider'] );
		$this->assertSame( 1250000, (int) ( (array) $data['balance'] )['amount'] );
		$this->assertSame( 'rial', ( (array) $data['balance'] )['unit'] );

		self::login( 'subscriber' );
		$this->assertSame( 403, arshline_test_rest( 'POST', '/arshline/v1/notifications/pull' )->get_status() );
	}
}
