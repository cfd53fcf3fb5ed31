<?php
/**
 * The actor the plugin sends with every daemon call: the current user's
 * id and forwarded capabilities, the plugin's language, and the current
 * site of a multisite network.
 *
 * Runs in its own process: it defines WordPress functions.
 *
 * @package Arshline_Sidecar
 */

/**
 * Arshline_Sidecar_Plugin::actor().
 *
 * @runTestsInSeparateProcesses
 * @preserveGlobalState disabled
 */
final class ActorTest extends Arshline_Test_Case {

	public function test_the_actor_names_the_current_site() {
		require_once __DIR__ . '/lib/wp-rest-harness.php';
		// phpcs:disable Squiz.Commenting.FunctionComment.Missing
		function get_current_user_id() {
			return 12;
		}
		function get_current_blog_id() {
			return 5;
		}
		function get_option( $name, $fallback = false ) {
			return $fallback;
		}
		// phpcs:enable
		require_once dirname( __DIR__ ) . '/arshline-sidecar/includes/class-arshline-sidecar-plugin.php';
		Arshline_Test_WP::$caps = array( 'manage_arshline_forms', 'manage_options', 'edit_posts' );

		$actor = Arshline_Sidecar_Plugin::actor();
		$this->assertSame(
			array(
				'user_id' => 12,
				'caps'    => array( 'manage_arshline_forms' ),
				'locale'  => 'fa_IR',
				'site_id' => 5,
			),
			$actor
		);
		// The site owner's capability goes only with the site owner's calls,
		// so that one admin's forms calls cannot undo another's changes.
		$this->assertSame( array( 'manage_arshline_forms', 'manage_options' ), Arshline_Sidecar_Plugin::actor( true )['caps'] );
	}

	public function test_the_users_own_language_wins_over_the_plugin_setting() {
		require_once __DIR__ . '/lib/wp-rest-harness.php';
		// phpcs:disable Squiz.Commenting.FunctionComment.Missing
		function get_current_user_id() {
			return $GLOBALS['arshline_test_user'];
		}
		function get_current_blog_id() {
			return 1;
		}
		function get_option( $name, $fallback = false ) {
			return 'arshline_sidecar_language' === $name ? $GLOBALS['arshline_test_option'] : $fallback;
		}
		function get_user_meta( $user_id, $key, $single = false ) {
			return 'locale' === $key && isset( $GLOBALS['arshline_test_meta'][ $user_id ] ) ? $GLOBALS['arshline_test_meta'][ $user_id ] : '';
		}
		function get_locale() {
			return 'en_GB';
		}
		// phpcs:enable
		require_once dirname( __DIR__ ) . '/arshline-sidecar/includes/class-arshline-sidecar-plugin.php';
		$GLOBALS['arshline_test_meta'] = array(
			7 => 'en_US',
			8 => 'fa_IR',
		);
		$cases = array(
			// user, the plugin's setting, the language.
			array( 7, 'fa_IR', 'en_US' ),
			array( 8, 'en_US', 'fa_IR' ),
			array( 9, 'en_US', 'en_US' ),
			array( 9, 'fa_IR', 'fa_IR' ),
			array( 9, 'site', 'en_US' ),
			array( 0, 'fa_IR', 'fa_IR' ),
		);
		foreach ( $cases as $case ) {
			list( $user, $option, $want ) = $case;
			$GLOBALS['arshline_test_user']   = $user;
			$GLOBALS['arshline_test_option'] = $option;
			$this->assertSame( $want, Arshline_Sidecar_Plugin::locale(), "user $user, setting $option" );
			$this->assertSame( $want, Arshline_Sidecar_Plugin::actor()['locale'], "actor of user $user, setting $option" );
		}
	}
}
