<?php
/**
 * Installs the tests' WordPress (Arshline_Test_WordPress) the way its
 * installer and a site owner would: in Persian with Debian's language
 * pack and the default theme, pretty permalinks off, Tehran's time zone;
 * then activates the plugin (its activation hook runs) and adds a user
 * of each role.
 *
 * Usage: php wp-install.php RUN_DIR
 *
 * @package Arshline_Sidecar
 */

if ( PHP_SAPI !== 'cli' || 2 !== $argc ) {
	fwrite( STDERR, "usage: php wp-install.php RUN_DIR\n" );
	exit( 2 );
}
require_once __DIR__ . '/class-arshline-test-wordpress.php';

define( 'WP_INSTALLING', true );
$_SERVER['HTTP_HOST']   = 'example.test';
$_SERVER['REQUEST_URI'] = '/';
$_SERVER['HTTPS']       = 'on';
$table_prefix           = 'wp_'; // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- wp-config.php's variable.
require $argv[1] . '/wp-config.php';
require ABSPATH . 'wp-settings.php';
require_once ABSPATH . 'wp-admin/includes/upgrade.php';
require_once ABSPATH . 'wp-admin/includes/plugin.php';

$failures = array();
$result   = wp_install( 'آزمون ارشلاین', 'owner', 'owner@example.test', false, '', wp_slash( 'owner-pass' ), 'fa_IR' );
if ( empty( $result['user_id'] ) ) {
	fwrite( STDERR, "wp_install failed\n" );
	exit( 1 );
}
update_option( 'WPLANG', 'fa_IR' );
update_option( 'timezone_string', 'Asia/Tehran' );
update_option( 'gmt_offset', '' );
update_option( 'permalink_structure', '' );
update_option( 'admin_email', 'owner@example.test' );

$theme = WP_DEFAULT_THEME;
if ( wp_get_theme( $theme )->exists() ) {
	switch_theme( $theme );
} else {
	// Debian's package ships twentytwentythree, not always the default of its version.
	$themes = array_keys( wp_get_themes() );
	if ( ! $themes ) {
		$failures[] = 'no theme is installed';
	} else {
		switch_theme( $themes[0] );
	}
}

$activated = activate_plugin( 'arshline-sidecar/arshline-sidecar.php' );
if ( is_wp_error( $activated ) ) {
	$failures[] = 'the plugin did not activate: ' . $activated->get_error_message();
} elseif ( ! get_role( 'administrator' )->has_cap( Arshline_Sidecar_Plugin::CAP ) ) {
	// WordPress's init ran before the plugin was active: only its activation hook grants this.
	$failures[] = 'the activation hook did not give administrators ' . Arshline_Sidecar_Plugin::CAP;
}

foreach ( Arshline_Test_WordPress::USERS as $login => $role ) {
	if ( 'administrator' === $role ) {
		continue;
	}
	$id = wp_insert_user(
		array(
			'user_login' => $login,
			'user_pass'  => $login . '-pass',
			'user_email' => $login . '@example.test',
			'role'       => $role,
			'locale'     => 'fa_IR',
		)
	);
	if ( is_wp_error( $id ) ) {
		$failures[] = "user $login: " . $id->get_error_message();
	}
}
update_user_meta( $result['user_id'], 'locale', 'fa_IR' );

if ( ! in_array( 'fa_IR', get_available_languages(), true ) ) {
	$failures[] = 'fa_IR is not among the installed languages: ' . implode( ', ', get_available_languages() );
}
if ( $failures ) {
	fwrite( STDERR, implode( "\n", $failures ) . "\n" );
	exit( 1 );
}
echo 'WordPress ' . get_bloginfo( 'version' ) . ' installed in ' . get_locale() . ', theme ' . get_stylesheet() . "\n";
