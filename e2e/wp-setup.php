<?php
/**
 * Installs WordPress in the e2e document root the way the installer's form
 * would, without wp-cli: in Persian (Debian's language pack), with its
 * default theme active, Tehran's time zone and an admin whose profile
 * language is Persian. The plugin is not there yet: the browser test
 * uploads its zip.
 *
 * Usage: php wp-setup.php DOCROOT ADMIN_PASSWORD SOCKET
 *
 * @package Arshline_Sidecar
 */

if ( PHP_SAPI !== 'cli' || $argc !== 4 ) {
	fwrite( STDERR, "usage: php wp-setup.php DOCROOT ADMIN_PASSWORD SOCKET\n" );
	exit( 2 );
}
list( , $docroot, $password, $socket ) = $argv;

define( 'WP_INSTALLING', true );
$_SERVER['HTTP_HOST']   = parse_url( getenv( 'E2E_URL' ), PHP_URL_HOST ) . ':' . parse_url( getenv( 'E2E_URL' ), PHP_URL_PORT );
$_SERVER['REQUEST_URI'] = '/';
require $docroot . '/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/upgrade.php';

if ( ! is_blog_installed() ) {
	$result = wp_install( 'Arshline E2E', 'admin', 'admin@example.test', false, '', wp_slash( $password ), 'fa_IR' );
	if ( empty( $result['user_id'] ) ) {
		fwrite( STDERR, "wp_install failed\n" );
		exit( 1 );
	}
}
update_option( 'WPLANG', 'fa_IR' );
update_option( 'timezone_string', 'Asia/Tehran' );
update_option( 'gmt_offset', '' );
update_option( 'permalink_structure', '' );
// The socket the plugin will find when it is activated from the browser.
update_option( 'arshline_sidecar_socket', $socket );
$admin = get_user_by( 'login', 'admin' );
update_user_meta( $admin->ID, 'locale', 'fa_IR' );

if ( 'twentytwentythree' !== get_stylesheet() ) {
	switch_theme( 'twentytwentythree' );
}
$failures = array();
if ( 'twentytwentythree' !== get_stylesheet() || ! wp_get_theme()->exists() ) {
	$failures[] = 'the default theme twentytwentythree is not active (' . get_stylesheet() . ')';
}
if ( ! in_array( 'fa_IR', get_available_languages(), true ) ) {
	$failures[] = 'fa_IR is not among the installed languages: ' . implode( ', ', get_available_languages() );
}
if ( is_dir( WP_PLUGIN_DIR . '/arshline-sidecar' ) ) {
	$failures[] = 'the plugin is already in wp-content/plugins; it must come from its zip';
}
if ( $failures ) {
	fwrite( STDERR, implode( "\n", $failures ) . "\n" );
	exit( 1 );
}
echo 'WordPress ' . get_bloginfo( 'version' ) . ' installed in fa_IR, theme ' . get_stylesheet() . ", Asia/Tehran; socket $socket\n";
