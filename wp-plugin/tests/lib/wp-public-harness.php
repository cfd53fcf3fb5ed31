<?php
/**
 * The public form's test harness: the REST harness, WordPress's own
 * escaping and kses (formatting.php, kses.php) from the WordPress
 * installation, stand-ins for options, transients, URLs and wp_mail that
 * record what they saw, and the plugin's classes, talking to the daemon
 * whose socket the test names.
 *
 * Defines global functions, so it is loaded only in tests that run in
 * their own process.
 *
 * @package Arshline_Sidecar
 */

require_once __DIR__ . '/wp-rest-harness.php';

/**
 * What the stand-ins hold: options, transients, mails sent, the filters'
 * answers.
 */
final class Arshline_Test_Public {
	/**
	 * Options.
	 *
	 * @var array
	 */
	public static $options = array( 'permalink_structure' => '/%postname%/' );

	/**
	 * Transients.
	 *
	 * @var array
	 */
	public static $transients = array();

	/**
	 * Mails: to, subject, message.
	 *
	 * @var array[]
	 */
	public static $mails = array();

	/**
	 * How many of the next mails wp_mail fails, as a site's SMTP plugin
	 * fails them: wp_mail_failed with the SMTP error, then false.
	 *
	 * @var int
	 */
	public static $fail_mails = 0;
}

if ( ! defined( 'MINUTE_IN_SECONDS' ) ) {
	define( 'MINUTE_IN_SECONDS', 60 );
	define( 'HOUR_IN_SECONDS', 3600 );
}

// phpcs:disable Generic.Files.OneObjectStructurePerFile.MultipleFound, Squiz.Commenting.FunctionComment.Missing
function get_option( $name, $default = false ) {
	if ( 'blog_charset' === $name ) {
		return 'UTF-8';
	}
	return array_key_exists( $name, Arshline_Test_Public::$options ) ? Arshline_Test_Public::$options[ $name ] : $default;
}
function wp_load_alloptions() {
	return array( 'blog_charset' => 'UTF-8' );
}
function wp_is_json_media_type( $media_type ) {
	return (bool) preg_match( '/(^|\s|,)application\/([\w!#\$&-\^\.\+]+\+)?json(\+oembed)?($|\s|;|,)/i', $media_type );
}
function absint( $value ) {
	return abs( (int) $value );
}
function update_option( $name, $value, $autoload = null ) {
	Arshline_Test_Public::$options[ $name ] = $value;
	return true;
}
function get_transient( $name ) {
	return array_key_exists( $name, Arshline_Test_Public::$transients ) ? Arshline_Test_Public::$transients[ $name ] : false;
}
function set_transient( $name, $value, $ttl = 0 ) {
	Arshline_Test_Public::$transients[ $name ] = $value;
	return true;
}
function delete_transient( $name ) {
	unset( Arshline_Test_Public::$transients[ $name ] );
	return true;
}
function wp_json_encode( $data, $options = 0, $depth = 512 ) {
	return json_encode( $data, $options, $depth );
}
function get_current_blog_id() {
	return 1;
}
function get_current_user_id() {
	return 0;
}
function wp_allowed_protocols() {
	return array( 'http', 'https', 'mailto' );
}
function home_url( $path = '' ) {
	return 'https://example.test' . $path;
}
function admin_url( $path = '' ) {
	return 'https://example.test/wp-admin/' . $path;
}
function get_home_url( $blog_id = null, $path = '', $scheme = null ) {
	return 'https://example.test/' . ltrim( $path, '/' );
}
function is_multisite() {
	return false;
}
function is_admin() {
	return false;
}
function is_ssl() {
	return true;
}
function force_ssl_admin() {
	return false;
}
function set_url_scheme( $url, $scheme = null ) {
	return $url;
}
function using_index_permalinks() {
	return false;
}
function add_query_arg( $key, $value, $url ) {
	return $url . ( false === strpos( $url, '?' ) ? '?' : '&' ) . rawurlencode( $key ) . '=' . rawurlencode( $value );
}
function remove_query_arg( $keys, $url ) {
	return preg_replace( '/[?&](' . implode( '|', array_map( 'preg_quote', (array) $keys ) ) . ')=[^&]*/', '', $url );
}
function __return_true() {
	return true;
}
function shortcode_atts( $pairs, $atts, $shortcode = '' ) {
	$out = array();
	foreach ( $pairs as $name => $default ) {
		$out[ $name ] = array_key_exists( $name, (array) $atts ) ? $atts[ $name ] : $default;
	}
	return $out;
}
function wp_mail( $to, $subject, $message, $headers = array() ) {
	// As WordPress does: the type the headers ask for, then the filter's.
	$type = 'text/plain';
	foreach ( (array) $headers as $header ) {
		if ( preg_match( '/^Content-Type:\s*([^;]+)/i', $header, $m ) ) {
			$type = trim( $m[1] );
		}
	}
	$type = apply_filters( 'wp_mail_content_type', $type );
	if ( Arshline_Test_Public::$fail_mails > 0 ) {
		--Arshline_Test_Public::$fail_mails;
		do_action( 'wp_mail_failed', new WP_Error( 'wp_mail_failed', 'SMTP Error: Could not authenticate.', compact( 'to', 'subject' ) ) );
		return false;
	}
	Arshline_Test_Public::$mails[] = compact( 'to', 'subject', 'message', 'type' );
	return true;
}
// phpcs:enable

/**
 * WordPress's rewrite object, as far as get_rest_url() asks it.
 */
final class Arshline_Test_Rewrite {
	public function using_index_permalinks() {
		return false;
	}
}
$GLOBALS['wp_rewrite'] = new Arshline_Test_Rewrite();

require_once ABSPATH . WPINC . '/class-wp-http-response.php';
require_once ABSPATH . WPINC . '/rest-api/class-wp-rest-response.php';
require_once ABSPATH . WPINC . '/formatting.php';
require_once ABSPATH . WPINC . '/kses.php';
require_once ABSPATH . WPINC . '/cron.php';
// kses.php sets its allow-lists as globals; required from a function,
// they are that function's variables.
foreach ( array( 'allowedposttags', 'allowedtags', 'allowedentitynames', 'allowedxmlentitynames' ) as $arshline_global ) {
	if ( isset( $$arshline_global ) ) {
		$GLOBALS[ $arshline_global ] = $$arshline_global;
	}
}

$arshline_inc = dirname( __DIR__, 2 ) . '/arshline-sidecar/includes';
require_once $arshline_inc . '/class-arshline-sidecar-errors.php';
require_once $arshline_inc . '/class-arshline-sidecar-client.php';
require_once $arshline_inc . '/class-arshline-sidecar-plugin.php';
require_once $arshline_inc . '/class-arshline-sidecar-rest.php';
require_once $arshline_inc . '/class-arshline-sidecar-routes.php';
// The route table names every controller.
foreach ( array( 'controller', 'health-controller', 'plans-controller', 'executions-controller', 'undo-controller', 'audit-controller', 'forms-controller', 'hosha2-controller', 'hosha2-jobs-controller', 'versions-controller', 'builder-controller', 'relay-controller', 'notifications-controller', 'stream', 'submissions-controller', 'results-controller', 'public-controller' ) as $arshline_class ) {
	require_once $arshline_inc . '/rest/class-arshline-sidecar-rest-' . $arshline_class . '.php';
}
require_once $arshline_inc . '/public/class-arshline-sidecar-public-renderer.php';
require_once $arshline_inc . '/public/class-arshline-sidecar-public-mail.php';
require_once $arshline_inc . '/class-arshline-sidecar-public.php';
require_once $arshline_inc . '/public/class-arshline-sidecar-public-privacy.php';
// As the plugin's main file does: the pull of notification mails.
Arshline_Sidecar_Public_Mail::boot();
