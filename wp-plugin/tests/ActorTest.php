<?php
/**
 * The actor the plugin sends with every daemon call: the current user's
 * id and forwarded capabilities, the plugin's language, and the current
 * site of a multisite network.
 *
 * Runs on the real WordPress, each test in its own process.
 *
 * @package Arshline_Sidecar
 */

/**
 * Arshline_Sidecar_Plugin::actor().
 *
 * @runTestsInSeparateProcesses
 * @preserveGlobalState disabled
 */
final class ActorTest extends Arshline_WP_Test_Case {

	public function test_the_actor_names_the_current_site() {
		$user = self::login_with_caps( array( Arshline_Sidecar_Plugin::CAP, 'manage_options', 'edit_posts' ) );
		$this->assertSame(
			array(
				'user_id' => $user->ID,
				'caps'    => array( Arshline_Sidecar_Plugin::CAP ),
				'locale'  => 'fa_IR',
				'site_id' => 1,
			),
			Arshline_Sidecar_Plugin::actor()
		);
		// The site owner's capability goes only with the site owner's calls,
		// so that one admin's forms calls cannot undo another's changes.
		$this->assertSame( array( Arshline_Sidecar_Plugin::CAP, 'manage_options' ), Arshline_Sidecar_Plugin::actor( true )['caps'] );
		// Another site of a network: the site switch_to_blog() makes current.
		$GLOBALS['blog_id'] = 5; // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- what switch_to_blog() sets.
		$this->assertSame( 5, Arshline_Sidecar_Plugin::actor()['site_id'] );
		$GLOBALS['blog_id'] = 1; // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- and restore_current_blog().
		// An administrator holds the capability by the role the activation hook gave it.
		self::login( 'owner' );
		$this->assertSame( array( Arshline_Sidecar_Plugin::CAP, 'read' ), Arshline_Sidecar_Plugin::actor()['caps'] );
		$this->assertSame( array( Arshline_Sidecar_Plugin::CAP, 'read', 'manage_options' ), Arshline_Sidecar_Plugin::actor( true )['caps'] );
		$this->assertSame( Arshline_Test_WordPress::user( 'owner' )->ID, Arshline_Sidecar_Plugin::actor()['user_id'] );
		self::login( 'editor' );
		$this->assertSame( array( 'read' ), Arshline_Sidecar_Plugin::actor( true )['caps'] );
	}

	public function test_the_users_own_language_wins_over_the_plugin_setting() {
		$users = array();
		foreach ( array( 'en' => 'en_US', 'fa' => 'fa_IR', 'none' => '' ) as $name => $locale ) {
			$users[ $name ] = arshline_test_user_with_caps( array( 'read' ) );
			update_user_meta( $users[ $name ]->ID, 'locale', $locale );
		}
		$cases = array(
			// user, the plugin's setting, the site's language, the language.
			array( 'en', 'fa_IR', 'fa_IR', 'en_US' ),
			array( 'fa', 'en_US', 'fa_IR', 'fa_IR' ),
			array( 'none', 'en_US', 'fa_IR', 'en_US' ),
			array( 'none', 'fa_IR', 'fa_IR', 'fa_IR' ),
			array( 'none', 'site', 'en_GB', 'en_US' ),
			array( 'none', 'site', 'fa_IR', 'fa_IR' ),
			array( 0, 'fa_IR', 'fa_IR', 'fa_IR' ),
			array( 0, 'en_US', 'fa_IR', 'en_US' ),
		);
		foreach ( $cases as $case ) {
			list( $user, $option, $site, $want ) = $case;
			arshline_test_login( 0 === $user ? 0 : $users[ $user ] );
			update_option( Arshline_Sidecar_Plugin::OPTION_LANGUAGE, $option );
			$site_locale = function () use ( $site ) {
				return $site;
			};
			add_filter( 'locale', $site_locale );
			$this->assertSame( $want, Arshline_Sidecar_Plugin::locale(), "user $user, setting $option, site $site" );
			$this->assertSame( $want, Arshline_Sidecar_Plugin::actor()['locale'], "actor of user $user, setting $option, site $site" );
			remove_filter( 'locale', $site_locale );
		}
	}
}
