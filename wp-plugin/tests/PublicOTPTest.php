<?php
/**
 * A mobile number verified by a code texted to it, from the visitor's
 * side, against a real arshlined and a loopback stand-in of Kavenegar:
 * without the script the form takes two steps (the "send the code"
 * button texts the code and draws the page again with the code's input,
 * then the form is sent with it) and the stored answer is marked
 * verified; a wrong code is said under the question; a site without SMS
 * settings says so; the script's route texts a code and refuses a resend
 * too soon.
 *
 * Runs on the real WordPress, each test in its own process, as a visitor
 * who is not logged in; mail goes through wp_mail() (Arshline_Test_Mail).
 *
 * @package Arshline_Sidecar
 */

/**
 * Public form, mobile verified by SMS.
 *
 * @runTestsInSeparateProcesses
 * @preserveGlobalState disabled
 */
final class PublicOTPTest extends Arshline_WP_Test_Case {

	use Arshline_Visitor_Site;

	/**
	 * Points the plugin at a daemon, as a visitor; with SMS, the site's provider is
	 * the Kavenegar stand-in.
	 *
	 * @param bool $sms Whether the site has an SMS provider.
	 * @return array|null The stand-in (url, key, log).
	 */
	private static function boot( $sms = true ) {
		self::boot_site( $sms ? 'otp' : 'otp-nosms', array( '--submit-min-fill', '0s', '--submit-per-client-per-minute', '0' ), '203.0.113.9' );
		arshline_test_login( 0 );
		return $sms ? self::use_kavenegar() : null;
	}

	/**
	 * A published form: a name and a mobile verified by SMS.
	 *
	 * @return array
	 */
	private static function form() {
		return self::publish(
			'ثبت‌نام آزمون',
			array(
				'version' => 'arshline_form@v1',
				'fields'  => self::name_and_mobile( array( 'verify' => 'otp' ) ),
			)
		);
	}

	/**
	 * A plain POST of the form.
	 *
	 * @param array $form  The form.
	 * @param array $extra POST fields besides the form's own.
	 * @return array handle_post's result.
	 */
	private static function post( array $form, array $extra ) {
		$token = Arshline_Sidecar_Public::call( 'forms.public', array( 'id' => (int) $form['id'] ) )['form_token'];
		return Arshline_Sidecar_Public::handle_post(
			$extra + array(
				'arshline_submit'      => $form['public_token'],
				'arshline_form_token'  => $token,
				'arshline_idempotency' => 'k-' . bin2hex( random_bytes( 4 ) ),
			)
		);
	}

	/**
	 * Parses HTML.
	 *
	 * @param string $html HTML.
	 * @return DOMXPath
	 */
	private static function dom( $html ) {
		$doc = new DOMDocument();
		libxml_use_internal_errors( true );
		$doc->loadHTML( '<?xml encoding="UTF-8"><html><body>' . $html . '</body></html>' );
		libxml_clear_errors();
		return new DOMXPath( $doc );
	}

	/**
	 * The code of the stand-in's newest message.
	 *
	 * @param array $fake The stand-in.
	 * @return string
	 */
	private static function last_code( array $fake ) {
		clearstatcache( true, $fake['log'] );
		$lines = is_file( $fake['log'] ) ? file( $fake['log'], FILE_IGNORE_NEW_LINES ) : array();
		if ( ! $lines ) {
			throw new RuntimeException( 'no message reached the stand-in' );
		}
		$last = json_decode( end( $lines ), true );
		if ( ! preg_match( '/: ([0-9]{6})\n/', $last['message'], $m ) ) {
			throw new RuntimeException( 'no code in ' . $last['message'] );
		}
		return $m[1];
	}

	public function test_without_the_script_two_steps_verify_the_number() {
		$fake = self::boot();
		$form = self::form();

		$x = self::dom( Arshline_Sidecar_Public::render_form( (int) $form['id'], '' ) );
		$this->assertSame( 'mobile', $x->query( "//button[@name='arshline_otp_send']" )->item( 0 )->getAttribute( 'value' ) );
		$this->assertTrue( $x->query( "//div[contains(@class,'arshline-otp__code')]" )->item( 0 )->hasAttribute( 'hidden' ), 'no code input before a code is sent' );
		// Enter sends the form, not a code: the first submit button is not the code's.
		$this->assertNotSame( 'arshline_otp_send', $x->query( '//form//button[@type="submit"]' )->item( 0 )->getAttribute( 'name' ) );

		$typed = array(
			'name'   => 'مریم',
			'mobile' => '۰۹۱۲ ۱۲۳ ۴۵۶۷',
		);
		$step1 = self::post(
			$form,
			array(
				'arshline'          => $typed,
				'arshline_otp_send' => 'mobile',
			)
		);
		$this->assertSame( 200, $step1['status'], json_encode( $step1, JSON_UNESCAPED_UNICODE ) );
		$this->assertArrayNotHasKey( 'redirect', $step1, 'sending a code sends no answers' );
		$this->assertStringContainsString( '۰۹۱۲***۴۵۶۷', $step1['state']['otp']['mobile']['message'] );
		$x = self::dom( Arshline_Sidecar_Public::render_form( (int) $form['id'], '' ) );
		$this->assertFalse( $x->query( "//div[contains(@class,'arshline-otp__code')]" )->item( 0 )->hasAttribute( 'hidden' ), 'the page drawn again shows the code input' );
		$this->assertSame( '۰۹۱۲ ۱۲۳ ۴۵۶۷', $x->query( "//input[@name='arshline[mobile]']" )->item( 0 )->getAttribute( 'value' ), 'the number typed stays' );
		$this->assertStringContainsString( 'ثبت‌نام آزمون', json_decode( file( $fake['log'], FILE_IGNORE_NEW_LINES )[0], true )['message'], 'the text names the form' );

		$step2 = self::post(
			$form,
			array(
				'arshline'     => $typed,
				'arshline_otp' => array( 'mobile' => self::last_code( $fake ) ),
			)
		);
		$this->assertArrayHasKey( 'redirect', $step2, json_encode( $step2, JSON_UNESCAPED_UNICODE ) );
		$entry = self::admin()->call(
			'submissions.get',
			array(
				'form_id' => (int) $form['id'],
				'id'      => (int) $step2['receipt']['submission_id'],
			),
			self::actor( array( 'manage_arshline_forms' ), 'fa_IR' )
		);
		$answers = is_string( $entry['answers'] ) ? json_decode( $entry['answers'], true ) : $entry['answers'];
		$mobile  = array_values( array_filter( $answers, fn( $a ) => 'mobile' === $a['field'] ) )[0];
		$this->assertSame( '09121234567', $mobile['value'] );
		$this->assertTrue( $mobile['verified'] );
	}

	public function test_a_wrong_or_missing_code_is_said_under_the_question() {
		self::boot();
		$form  = self::form();
		$typed = array( 'mobile' => '09351234567' );
		$this->assertSame( 200, self::post( $form, array( 'arshline' => $typed, 'arshline_otp_send' => 'mobile' ) )['status'] );
		$wrong = self::post( $form, array( 'arshline' => $typed, 'arshline_otp' => array( 'mobile' => '12' ) ) );
		$this->assertSame( 422, $wrong['status'] );
		$this->assertStringContainsString( 'کد درست نیست', $wrong['state']['errors']['mobile'] );
		$this->assertTrue( $wrong['state']['otp']['mobile']['sent'], 'the code input stays shown' );
		$none = self::post( $form, array( 'arshline' => $typed ) );
		$this->assertSame( 422, $none['status'] );
		$this->assertStringContainsString( 'ابتدا کد را درخواست کنید', $none['state']['errors']['mobile'] );
	}

	public function test_a_site_without_sms_settings_says_so() {
		self::boot( false );
		$form = self::form();
		$out  = self::post( $form, array( 'arshline' => array( 'mobile' => '09121234567' ), 'arshline_otp_send' => 'mobile' ) );
		$this->assertSame( 503, $out['status'] );
		$this->assertStringContainsString( 'سامانهٔ پیامک سایت تنظیم نشده', $out['state']['errors']['mobile'] );
	}

	public function test_the_scripts_route_texts_a_code_and_refuses_a_resend_too_soon() {
		$fake       = self::boot();
		$form       = self::form();
		$controller = new Arshline_Sidecar_REST_Public_Controller();
		$send       = function () use ( $form, $controller ) {
			$request = new WP_REST_Request( 'POST', '/arshline/v1/public/forms/' . $form['public_token'] . '/otp' );
			$request->set_url_params( array( 'token' => $form['public_token'] ) );
			$request->set_header( 'content-type', 'application/json' );
			$request->set_body(
				json_encode(
					array(
						'form_token' => Arshline_Sidecar_Public::call( 'forms.public', array( 'id' => (int) $form['id'] ) )['form_token'],
						'field'      => 'mobile',
						'mobile'     => '09191234567',
					)
				)
			);
			return $controller->send_otp( $request );
		};
		$first = $send();
		$this->assertSame( 200, $first->get_status(), json_encode( $first->get_data(), JSON_UNESCAPED_UNICODE ) );
		$this->assertTrue( $first->get_data()['sent'] );
		$this->assertSame( 60, $first->get_data()['retry_after_sec'] );
		$this->assertSame( '0919***4567', $first->get_data()['mobile'] );
		$this->assertMatchesRegularExpression( '/^[0-9]{6}$/', self::last_code( $fake ) );
		$again = $send();
		$this->assertSame( 429, $again->get_status() );
		$this->assertGreaterThan( 0, (int) $again->get_headers()['Retry-After'] );
	}
}
