<?php
/**
 * The plugin's REST API on a real WordPress site, as its users meet it:
 * the plugin activated by its owner (the activation hook grants the
 * capability), each role on a real request, WordPress's own argument
 * checks from the routes' schemas in the site's language, the daemon's
 * refusals in each user's language, the admin's text reaching the daemon
 * as typed, and a program calling with an application password and no
 * nonce, whose request and answer are kept in
 * tests/artifacts/application-password-call.txt.
 *
 * Runs on the real WordPress, each test in its own process.
 *
 * @package Arshline_Sidecar
 */

/**
 * REST on the real WordPress.
 *
 * @runTestsInSeparateProcesses
 * @preserveGlobalState disabled
 */
final class RestWordPressTest extends Arshline_WP_Test_Case {

	/**
	 * Text a sanitizer would change: markup, both quotes, a backslash
	 * (wp_unslash), a percent octet and a run of spaces
	 * (sanitize_text_field), Persian with a zero-width non-joiner.
	 */
	const TYPED = '<b>«فرم‌ها»</b> "نقل" & \'قول\' \\ 50%2F  دو';

	protected function setUp(): void {
		parent::setUp();
		self::use_daemon( Arshline_Test_Processes::daemon( 'plain' ) );
	}

	public function test_the_site_is_persian_with_the_plugin_activated_by_its_owner() {
		require_once ABSPATH . 'wp-admin/includes/plugin.php';
		$this->assertSame( 'fa_IR', get_locale() );
		$this->assertTrue( wp_get_theme()->exists(), get_stylesheet() );
		$this->assertTrue( is_plugin_active( 'arshline-sidecar/arshline-sidecar.php' ) );
		// The activation hook gave administrators the plugin's capability, and no one else.
		$this->assertTrue( get_role( 'administrator' )->has_cap( Arshline_Sidecar_Plugin::CAP ) );
		$this->assertFalse( get_role( 'editor' )->has_cap( Arshline_Sidecar_Plugin::CAP ) );
		$this->assertFalse( get_role( 'subscriber' )->has_cap( Arshline_Sidecar_Plugin::CAP ) );
		$this->assertTrue( user_can( Arshline_Test_WordPress::user( 'owner' ), Arshline_Sidecar_Plugin::CAP ) );
		$this->assertFalse( user_can( Arshline_Test_WordPress::user( 'editor' ), Arshline_Sidecar_Plugin::CAP ) );
		$this->assertArrayHasKey( '/arshline/v1/forms', rest_get_server()->get_routes( 'arshline/v1' ) );
		$this->assertSame( array(), $this->wrong );
	}

	public function test_each_role_on_a_real_request() {
		$refusal = 'متأسفیم، فقط مدیران سایت می‌توانند از ارشلاین هوشمند استفاده کنند.';
		arshline_test_login( 0 );
		$anonymous = arshline_test_rest( 'GET', '/arshline/v1/forms' );
		$this->assertSame( 401, $anonymous->get_status() );
		$this->assertSame( 'rest_forbidden', $anonymous->get_data()['code'] );
		$this->assertSame( $refusal, $anonymous->get_data()['message'] );
		foreach ( array( 'subscriber', 'editor' ) as $login ) {
			self::login( $login );
			foreach ( array( array( 'GET', '/arshline/v1/forms', array() ), array( 'POST', '/arshline/v1/forms', array( 'title' => 'x' ) ), array( 'POST', '/arshline/v1/ai/plan', array( 'text' => 'فرم بساز' ) ) ) as list( $method, $route, $params ) ) {
				$refused = arshline_test_rest( $method, $route, $params );
				$this->assertSame( 403, $refused->get_status(), "$login: $method $route" );
				$this->assertSame( 'rest_forbidden', $refused->get_data()['code'] );
				$this->assertSame( $refusal, $refused->get_data()['message'] );
			}
		}
		// Nothing the refused users sent reached the daemon.
		self::login( 'owner' );
		$list = arshline_test_rest( 'GET', '/arshline/v1/forms' );
		$this->assertSame( 200, $list->get_status(), wp_json_encode( $list->get_data() ) );
		$this->assertSame( array(), $list->get_data() );

		// The owner's page without its nonce: the plugin's own refusal, in Persian.
		$stale = arshline_test_rest( 'GET', '/arshline/v1/forms', array(), false );
		$this->assertSame( 403, $stale->get_status() );
		$this->assertSame( 'rest_cookie_invalid_nonce', $stale->get_data()['code'] );
		$this->assertPersian( $stale->get_data()['message'] );
		// Another user's nonce is no nonce for this one.
		self::login( 'editor' );
		$editors = wp_create_nonce( 'wp_rest' );
		self::login( 'owner' );
		$request = new WP_REST_Request( 'GET', '/arshline/v1/forms' );
		$request->set_header( 'x_wp_nonce', $editors );
		$this->assertSame( 'rest_cookie_invalid_nonce', arshline_test_send( $request )->get_data()['code'] );

		// An administrator who reads WordPress in English reads the refusals in English.
		$english = arshline_test_user_with_caps( array( 'read' ) );
		update_user_meta( $english->ID, 'locale', 'en_US' );
		self::login( $english );
		$this->assertSame( 'Sorry, only administrators can use Arshline AI.', arshline_test_rest( 'GET', '/arshline/v1/forms' )->get_data()['message'] );
	}

	public function test_wordpress_checks_the_arguments_from_the_schema() {
		self::login( 'owner' );
		$cases = array(
			// method, route, params, code, the parameter named.
			array( 'POST', '/arshline/v1/forms', array( 'title' => array( 'x' ) ), 'rest_invalid_param', 'title' ),
			array( 'POST', '/arshline/v1/forms', array( 'title' => 'x', 'status' => 'deleted' ), 'rest_invalid_param', 'status' ),
			array( 'GET', '/arshline/v1/forms', array( 'limit' => '0' ), 'rest_invalid_param', 'limit' ),
			array( 'GET', '/arshline/v1/forms', array( 'limit' => '201' ), 'rest_invalid_param', 'limit' ),
			array( 'GET', '/arshline/v1/forms', array( 'offset' => 'ده' ), 'rest_invalid_param', 'offset' ),
			array( 'GET', '/arshline/v1/forms', array( 'context' => 'embed' ), 'rest_invalid_param', 'context' ),
			array( 'GET', '/arshline/v1/health', array( 'context' => 'edit' ), 'rest_invalid_param', 'context' ),
			array( 'POST', '/arshline/v1/ai/plan', array( 'text' => 'فرم', 'mode' => 'oracle' ), 'rest_invalid_param', 'mode' ),
			array( 'POST', '/arshline/v1/ai/execute', array( 'plan' => 'not an object' ), 'rest_invalid_param', 'plan' ),
			array( 'POST', '/arshline/v1/ai/plan', array(), 'rest_missing_callback_param', 'text' ),
			array( 'POST', '/arshline/v1/forms', array(), 'rest_missing_callback_param', 'title' ),
		);
		foreach ( $cases as list( $method, $route, $params, $code, $param ) ) {
			$where    = "$method $route " . wp_json_encode( $params );
			$response = arshline_test_rest( $method, $route, $params );
			$this->assertSame( 400, $response->get_status(), $where );
			$body = $response->get_data();
			$this->assertSame( $code, $body['code'], $where );
			// WordPress's own message, in the site's language (Debian's fa_IR pack).
			$template = 'rest_invalid_param' === $code ? 'Invalid parameter(s): %s' : 'Missing parameter(s): %s';
			$this->assertSame( sprintf( __( $template ), $param ), $body['message'], $where ); // phpcs:ignore WordPress.WP.I18n.NonSingularStringLiteralText -- WordPress's own two messages.
			$this->assertPersian( $body['message'] );
			if ( 'rest_invalid_param' === $code ) {
				$this->assertArrayHasKey( $param, $body['data']['params'], $where );
			} else {
				$this->assertSame( array( $param ), $body['data']['params'], $where );
			}
		}
		// None of them reached the daemon.
		$this->assertSame( array(), arshline_test_rest( 'GET', '/arshline/v1/forms' )->get_data() );
	}

	public function test_the_daemons_refusals_speak_each_users_language() {
		$english = arshline_test_user_with_caps( array( 'read', Arshline_Sidecar_Plugin::CAP ) );
		update_user_meta( $english->ID, 'locale', 'en_US' );
		foreach ( array(
			'owner' => array( 'فرم 999999 پیدا نشد', 'عنوان فرم نویسهٔ کنترلی دارد' ),
			'en_US' => array( 'form 999999 was not found', 'title contains control characters' ),
		) as $who => $want ) {
			self::login( 'owner' === $who ? 'owner' : $english );
			$missing = arshline_test_rest( 'GET', '/arshline/v1/forms/999999' );
			$this->assertSame( 404, $missing->get_status() );
			$this->assertSame( 'arshline_not_found', $missing->get_data()['code'] );
			$this->assertSame( 'NOT_FOUND', $missing->get_data()['data']['error'] );
			$this->assertSame( $want[0], $missing->get_data()['message'], $who );
			$refused = arshline_test_rest( 'POST', '/arshline/v1/forms', array( 'title' => "a\tb" ) );
			$this->assertSame( 400, $refused->get_status() );
			$this->assertSame( 'arshline_invalid_params', $refused->get_data()['code'] );
			$this->assertSame( $want[1], $refused->get_data()['message'], $who );
			// Both languages travel with the error, for a client that shows the other.
			$this->assertSame( 'title contains control characters', $refused->get_data()['data']['message_en'] );
			$this->assertSame( 'عنوان فرم نویسهٔ کنترلی دارد', $refused->get_data()['data']['message_fa'] );
		}
	}

	public function test_the_admins_text_reaches_the_daemon_as_typed() {
		self::login( 'owner' );
		$daemon = new Arshline_Sidecar_Client( get_option( Arshline_Sidecar_Plugin::OPTION_SOCKET ), array( 'timeout' => 10.0 ) );

		// A title is kept as typed: what the daemon stores is what was sent.
		$made = arshline_test_rest( 'POST', '/arshline/v1/forms', array( 'title' => self::TYPED ) );
		$this->assertSame( 201, $made->get_status(), wp_json_encode( $made->get_data() ) );
		$this->assertSame( self::TYPED, $made->get_data()->form->title );
		$stored = $daemon->call( 'forms.get', array( 'id' => $made->get_data()->form->id ), Arshline_Sidecar_Plugin::actor() );
		$this->assertIsArray( $stored, $stored instanceof WP_Error ? $stored->get_error_message() : '' );
		$this->assertSame( self::TYPED, $stored['title'] );

		// A command: the plan through the plugin is the plan the daemon
		// makes of the same text sent to it directly, markup included.
		$command = 'یک فرم جدید بساز و اسم فرم را ' . self::TYPED . ' بگذار';
		$planned = arshline_test_rest( 'POST', '/arshline/v1/ai/plan', array( 'text' => $command ) );
		$this->assertSame( 200, $planned->get_status(), wp_json_encode( $planned->get_data() ) );
		$direct = $daemon->call(
			'ai.plan',
			array(
				'text' => $command,
				'mode' => 'auto',
				'ui'   => array(
					'tab'   => 'ai',
					'route' => 'arshline-sidecar',
				),
			),
			Arshline_Sidecar_Plugin::actor()
		);
		$this->assertIsArray( $direct, $direct instanceof WP_Error ? $direct->get_error_message() : '' );
		$through = json_decode( wp_json_encode( $planned->get_data() ), true );
		$this->assertSame( $direct['plan'], $through['plan'] );
		$this->assertSame( $direct['preview'], $through['preview'] );
		$title = $through['plan']['steps'][0]['params']['title'];
		$this->assertStringContainsString( '<b>', $title, 'the markup reached the daemon' );
		$this->assertStringContainsString( 'فرم‌ها', $title, 'the zero-width non-joiner reached the daemon' );
		$daemon->close();
	}

	public function test_an_application_password_calls_without_a_nonce() {
		$owner   = Arshline_Test_WordPress::user( 'owner' );
		$created = WP_Application_Passwords::create_new_application_password( $owner->ID, array( 'name' => 'گزارش‌گیر' ) );
		$this->assertIsArray( $created );
		list( $password, $item ) = $created;
		$this->assertTrue( wp_is_application_passwords_available_for_user( $owner ) );

		// A wrong password: WordPress refuses it before any route runs.
		$this->assertSame( 0, arshline_test_login_basic( 'owner', 'abcd efgh ijkl mnop qrst uvwx' )->ID );
		$refused = rest_get_server()->check_authentication();
		$this->assertInstanceOf( WP_Error::class, $refused );
		$this->assertSame( 'incorrect_password', $refused->get_error_code() );
		$this->assertSame( 401, $refused->get_error_data()['status'] );
		$this->assertSame( 401, arshline_test_rest( 'GET', '/arshline/v1/forms', array(), false )->get_status() );

		// The right one: determine_current_user finds the owner by it, not by a cookie.
		$this->assertSame( $owner->ID, arshline_test_login_basic( 'owner', $password )->ID );
		$this->assertArrayNotHasKey( LOGGED_IN_COOKIE, $_COOKIE );
		$this->assertNotTrue( $GLOBALS['wp_rest_auth_cookie'] ?? null, 'not authenticated by cookie' );
		$this->assertSame( $item['uuid'], rest_get_authenticated_app_password() );
		$this->assertTrue( rest_get_server()->check_authentication() );

		$request = new WP_REST_Request( 'POST', '/arshline/v1/forms' );
		$request->set_header( 'authorization', 'Basic ' . base64_encode( 'owner:' . $password ) ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_encode -- HTTP Basic credentials.
		$request->set_header( 'content-type', 'application/json' );
		$body = wp_json_encode(
			array(
				'title'  => self::TYPED,
				'status' => 'draft',
			),
			JSON_UNESCAPED_UNICODE
		);
		$request->set_body( $body );
		$response = arshline_test_send( $request );
		$this->assertSame( 201, $response->get_status(), wp_json_encode( $response->get_data() ) );
		$form = $response->get_data()->form;
		$this->assertSame( self::TYPED, $form->title );
		$this->assertSame( 'draft', $form->status );
		$this->transcript( $request, $body, $response );

		// And a read of what it made, still with no nonce.
		$read = arshline_test_rest( 'GET', '/arshline/v1/forms/' . $form->id, array(), false );
		$this->assertSame( 200, $read->get_status(), wp_json_encode( $read->get_data() ) );
		$this->assertSame( self::TYPED, $read->get_data()->title );
		// WordPress noted the password's use.
		$used = WP_Application_Passwords::get_user_application_password( $owner->ID, $item['uuid'] );
		$this->assertNotNull( $used['last_used'] );

		// The same owner by cookie with no nonce is refused: nonces are for cookies.
		self::login( 'owner' );
		$this->assertSame( 'rest_cookie_invalid_nonce', arshline_test_rest( 'GET', '/arshline/v1/forms/' . $form->id, array(), false )->get_data()['code'] );
		// As WordPress's own check of a cookie request that reaches /wp-json/ refuses a wrong nonce, with the same code.
		$_SERVER['HTTP_X_WP_NONCE'] = 'not-a-nonce';
		$core                       = rest_get_server()->check_authentication();
		$this->assertInstanceOf( WP_Error::class, $core );
		$this->assertSame( 'rest_cookie_invalid_nonce', $core->get_error_code() );
		$this->assertSame( 403, $core->get_error_data()['status'] );
		$_SERVER['HTTP_X_WP_NONCE'] = wp_create_nonce( 'wp_rest' );
		$this->assertTrue( rest_get_server()->check_authentication() );
		unset( $_SERVER['HTTP_X_WP_NONCE'] );
	}

	/**
	 * Writes the application-password call, as it went over HTTP, to
	 * tests/artifacts/application-password-call.txt.
	 *
	 * @param WP_REST_Request  $request  The request.
	 * @param string           $body     Its JSON body.
	 * @param WP_REST_Response $response The answer.
	 */
	private function transcript( WP_REST_Request $request, $body, WP_REST_Response $response ) {
		$dir = __DIR__ . '/artifacts';
		if ( ! is_dir( $dir ) ) {
			mkdir( $dir, 0755, true );
		}
		$lines   = array();
		$lines[] = '# WordPress ' . get_bloginfo( 'version' ) . ' (' . get_locale() . '), plugin ' . ARSHLINE_SIDECAR_VERSION . ': rest_do_request() with the application password of "owner" (administrator)';
		$lines[] = '';
		$lines[] = $request->get_method() . ' ' . wp_parse_url( rest_url( $request->get_route() ), PHP_URL_PATH ) . '?' . wp_parse_url( rest_url( $request->get_route() ), PHP_URL_QUERY ) . ' HTTP/1.1';
		$lines[] = 'Host: ' . wp_parse_url( home_url(), PHP_URL_HOST );
		foreach ( $request->get_headers() as $name => $values ) {
			$lines[] = implode( '-', array_map( 'ucfirst', explode( '_', $name ) ) ) . ': ' . implode( ', ', $values );
		}
		$lines[] = '';
		$lines[] = $body;
		$lines[] = '';
		$lines[] = 'HTTP/1.1 ' . $response->get_status() . ' ' . get_status_header_desc( $response->get_status() );
		$lines[] = 'Content-Type: application/json; charset=UTF-8';
		foreach ( $response->get_headers() as $name => $value ) {
			$lines[] = "$name: $value";
		}
		$lines[] = '';
		$lines[] = (string) wp_json_encode( $response->get_data(), JSON_PRETTY_PRINT | JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES );
		file_put_contents( $dir . '/application-password-call.txt', implode( "\n", $lines ) . "\n" );
	}
}
