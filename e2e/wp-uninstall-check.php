<?php
/**
 * Deactivates and uninstalls the plugin through WordPress and checks that
 * no row of the options table whose name holds "arshline" is left: the
 * options, the secret keying visitors' addresses and every transient the
 * plugin created, including per-user and per-token ones.
 *
 * Usage: php wp-uninstall-check.php DOCROOT
 *
 * @package Arshline_Sidecar
 */

$_SERVER['HTTP_HOST']   = parse_url( getenv( 'E2E_URL' ), PHP_URL_HOST ) . ':' . parse_url( getenv( 'E2E_URL' ), PHP_URL_PORT );
$_SERVER['REQUEST_URI'] = '/';
require $argv[1] . '/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/plugin.php';
require_once ABSPATH . 'wp-admin/includes/file.php';

function arshline_uninstall_fail( $message ) {
	fwrite( STDERR, "uninstall check: $message\n" );
	exit( 1 );
}

/**
 * Rows of the options table whose name holds "arshline".
 *
 * @return string[]
 */
function arshline_uninstall_rows() {
	global $wpdb;
	return $wpdb->get_col( $wpdb->prepare( "SELECT option_name FROM {$wpdb->options} WHERE option_name LIKE %s ORDER BY option_name", '%' . $wpdb->esc_like( 'arshline' ) . '%' ) );
}

$plugin = 'arshline-sidecar/arshline-sidecar.php';
// What the browser run leaves is there: the socket, the secret of the
// public form, the daemon's versions. Add the kinds a run may not reach.
foreach ( array( 'arshline_sidecar_socket', 'arshline_sidecar_ip_secret' ) as $option ) {
	if ( false === get_option( $option ) ) {
		arshline_uninstall_fail( "$option was never stored: the browser run did not reach what it should have" );
	}
}
update_option( 'arshline_sidecar_language', 'fa_IR' );
set_transient( 'arshline_sidecar_unavailable', array( 'time' => time() ), 60 );
set_transient( 'arshline_sidecar_socket_test_1', array( 'status' => 'ok' ), 60 );
set_transient( 'arshline_sidecar_model_1', array( 'do' => 'test' ), 60 );
set_transient( 'arshline_form_id_' . md5( 'token' ), 1, 60 );
set_transient( 'arshline_done_' . str_repeat( 'a', 32 ), array( 'token' => 'x' ), 60 );
$before = arshline_uninstall_rows();
if ( count( $before ) < 8 ) {
	arshline_uninstall_fail( 'expected the plugin\'s rows before uninstalling, found: ' . implode( ', ', $before ) );
}

deactivate_plugins( $plugin, true );
if ( is_plugin_active( $plugin ) ) {
	arshline_uninstall_fail( 'still active' );
}
uninstall_plugin( $plugin );
wp_cache_flush();
$left = arshline_uninstall_rows();
if ( $left ) {
	arshline_uninstall_fail( 'left behind in wp_options: ' . implode( ', ', $left ) );
}
if ( get_role( 'administrator' )->has_cap( 'manage_arshline_forms' ) ) {
	arshline_uninstall_fail( 'the administrators keep manage_arshline_forms' );
}
printf( "uninstall: %d rows removed (%s); nothing named arshline left in wp_options\n", count( $before ), implode( ', ', $before ) );
