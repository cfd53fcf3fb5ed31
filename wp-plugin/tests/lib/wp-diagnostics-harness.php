<?php
/**
 * The WordPress functions the connection diagnosis calls, stood in with
 * an in-memory options and transients table, and the plugin's classes it
 * needs. Defines global functions: loaded only in tests that run in their
 * own process, and by fixtures/diagnose.php.
 *
 * @package Arshline_Sidecar
 */

require_once __DIR__ . '/wp-rest-harness.php';

/**
 * Options and transients the stand-ins keep.
 */
final class Arshline_Test_Store {
	/**
	 * Options by name.
	 *
	 * @var array<string, mixed>
	 */
	public static $options = array();

	/**
	 * Transients by name.
	 *
	 * @var array<string, mixed>
	 */
	public static $transients = array();
}

// phpcs:disable Generic.Files.OneObjectStructurePerFile.MultipleFound, Squiz.Commenting.FunctionComment.Missing
if ( ! defined( 'MINUTE_IN_SECONDS' ) ) {
	define( 'MINUTE_IN_SECONDS', 60 );
	define( 'HOUR_IN_SECONDS', 3600 );
}
define( 'ARSHLINE_SIDECAR_VERSION', '1.2.3' );
function get_current_user_id() {
	return 1;
}
function get_current_blog_id() {
	return 1;
}
function get_option( $name, $fallback = false ) {
	return array_key_exists( $name, Arshline_Test_Store::$options ) ? Arshline_Test_Store::$options[ $name ] : $fallback;
}
function set_transient( $key, $value, $ttl ) {
	Arshline_Test_Store::$transients[ $key ] = $value;
	return true;
}
function delete_transient( $key ) {
	unset( Arshline_Test_Store::$transients[ $key ] );
	return true;
}
function get_transient( $key ) {
	return array_key_exists( $key, Arshline_Test_Store::$transients ) ? Arshline_Test_Store::$transients[ $key ] : false;
}
function number_format_i18n( $number, $decimals = 0 ) {
	return number_format( $number, $decimals );
}
// phpcs:enable

require_once dirname( __DIR__, 2 ) . '/arshline-sidecar/includes/class-arshline-sidecar-diagnostics.php';
Arshline_Test_WP::$caps = array( 'manage_options', 'manage_arshline_forms', 'read' );
