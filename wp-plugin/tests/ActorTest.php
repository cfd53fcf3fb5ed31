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
}
