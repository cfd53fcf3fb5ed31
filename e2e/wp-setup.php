<?php
/**
 * Installs WordPress in the e2e document root and activates the plugin,
 * the way the installer's form would, without wp-cli.
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
require_once ABSPATH . 'wp-admin/includes/plugin.php';

if ( ! is_blog_installed() ) {
	$result = wp_install( 'Arshline E2E', 'admin', 'admin@example.test', false, '', wp_slash( $password ), 'fa_IR' );
	if ( empty( $result['user_id'] ) ) {
		fwrite( STDERR, "wp_install failed\n" );
		exit( 1 );
	}
}
update_option( 'WPLANG', 'fa_IR' );
update_option( 'permalink_structure', '' );
update_option( 'arshline_sidecar_socket', $socket );

$activated = activate_plugin( 'arshline-sidecar/arshline-sidecar.php' );
if ( is_wp_error( $activated ) ) {
	fwrite( STDERR, 'activation failed: ' . $activated->get_error_message() . "\n" );
	exit( 1 );
}
if ( ! is_plugin_active( 'arshline-sidecar/arshline-sidecar.php' ) ) {
	fwrite( STDERR, "the plugin is not active after activation\n" );
	exit( 1 );
}
echo 'WordPress ' . get_bloginfo( 'version' ) . " installed; plugin active; socket $socket\n";
