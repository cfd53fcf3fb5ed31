<?php
/**
 * The base of the tests that run on the real WordPress
 * (Arshline_Test_WordPress): loads it in the test's process, points the
 * plugin at the test's daemon, logs users in as WordPress does (by their
 * login cookie or an application password) and sends REST requests
 * through rest_do_request().
 *
 * A subclass runs its tests in separate processes
 * (@runTestsInSeparateProcesses, @preserveGlobalState disabled).
 *
 * @package Arshline_Sidecar
 */

/**
 * A test on the real WordPress.
 */
abstract class Arshline_WP_Test_Case extends Arshline_Test_Case {

	/**
	 * What WordPress reported through _doing_it_wrong() during the test.
	 *
	 * @var string[]
	 */
	protected $wrong = array();

	protected function setUp(): void {
		parent::setUp();
		Arshline_Test_WordPress::load();
		require_once __DIR__ . '/wp-rest-requests.php';
		$this->wrong = array();
		add_action(
			'doing_it_wrong_run',
			function ( $function, $message ) {
				$this->wrong[] = "$function: $message";
			},
			10,
			2
		);
		// WP_DEBUG makes _doing_it_wrong() a notice too; the test asserts
		// on the list instead.
		add_filter( 'doing_it_wrong_trigger_error', '__return_false' );
	}

	/**
	 * Every test on the real WordPress: nothing the plugin did was
	 * reported by WordPress as done wrong (_doing_it_wrong(), which
	 * WP_DEBUG sites show).
	 */
	protected function assertPostConditions(): void {
		parent::assertPostConditions();
		$this->assertSame( array(), $this->wrong, 'WordPress reported _doing_it_wrong' );
	}

	/**
	 * Points the plugin at a daemon, as the site owner's settings page does.
	 *
	 * @param string $socket The daemon's socket.
	 */
	protected static function use_daemon( $socket ) {
		update_option( Arshline_Sidecar_Plugin::OPTION_SOCKET, $socket );
	}

	/**
	 * Logs a user in by the login cookie a browser sends (rest_do_request
	 * then needs the page's wp_rest nonce), as arshline_test_login() does.
	 *
	 * @param string|int|WP_User $who A login of Arshline_Test_WordPress::USERS, an id or a user.
	 * @return WP_User
	 */
	protected static function login( $who ) {
		return arshline_test_login( $who );
	}

	/**
	 * A new user holding exactly the given capabilities (no role), logged
	 * in by cookie.
	 *
	 * @param string[] $caps Capabilities.
	 * @return WP_User
	 */
	protected static function login_with_caps( array $caps ) {
		return arshline_test_login( arshline_test_user_with_caps( $caps ) );
	}
}
