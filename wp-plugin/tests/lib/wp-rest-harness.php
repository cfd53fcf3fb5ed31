<?php
/**
 * Loads WordPress's own REST classes (the controller base, the server,
 * requests, the schema helpers and the hook system) from the WordPress
 * installation, with the few functions they call from the rest of
 * WordPress stood in for, and then the plugin's REST controllers.
 *
 * Defines global functions, so it is loaded only in tests that run in
 * their own process.
 *
 * @package Arshline_Sidecar
 */

$arshline_wp = getenv( 'WP_PATH' );
$arshline_wp = is_string( $arshline_wp ) && '' !== $arshline_wp ? $arshline_wp : '/usr/share/wordpress';
if ( ! is_file( $arshline_wp . '/wp-includes/rest-api/endpoints/class-wp-rest-controller.php' ) ) {
	throw new RuntimeException( "WordPress is needed for its REST classes (Debian package wordpress, or WP_PATH): $arshline_wp" );
}
require_once dirname( __DIR__ ) . '/wp-error-polyfill.php';
define( 'ABSPATH', $arshline_wp . '/' );
define( 'WPINC', 'wp-includes' );
require_once ABSPATH . WPINC . '/pomo/mo.php';

/**
 * What the stand-ins saw and answer: the current user's capabilities,
 * whether someone is logged in, valid nonces (nonce => action) and every
 * _doing_it_wrong() call.
 */
final class Arshline_Test_WP {
	/**
	 * Capabilities of the current user.
	 *
	 * @var string[]
	 */
	public static $caps = array();

	/**
	 * Whether a user is logged in.
	 *
	 * @var bool
	 */
	public static $logged_in = false;

	/**
	 * Valid nonces: nonce => action.
	 *
	 * @var array<string, string>
	 */
	public static $nonces = array();

	/**
	 * Messages of _doing_it_wrong().
	 *
	 * @var string[]
	 */
	public static $wrong = array();
}

// phpcs:disable Generic.Files.OneObjectStructurePerFile.MultipleFound, Squiz.Commenting.FunctionComment.Missing
// The catalogues loaded, as WordPress's l10n.php keeps them: domain => MO.
$GLOBALS['arshline_test_l10n'] = array();
function __( $text, $domain = 'default' ) {
	return isset( $GLOBALS['arshline_test_l10n'][ $domain ] ) ? $GLOBALS['arshline_test_l10n'][ $domain ]->translate( $text ) : $text;
}
function load_textdomain( $domain, $mofile ) {
	$mo = new MO();
	if ( ! is_readable( $mofile ) || ! $mo->import_from_file( $mofile ) ) {
		return false;
	}
	$GLOBALS['arshline_test_l10n'][ $domain ] = $mo;
	return true;
}
function unload_textdomain( $domain ) {
	unset( $GLOBALS['arshline_test_l10n'][ $domain ] );
	return true;
}
function _doing_it_wrong( $function, $message, $version ) {
	Arshline_Test_WP::$wrong[] = "$function: $message";
}
function current_user_can( $capability ) {
	return in_array( $capability, Arshline_Test_WP::$caps, true );
}
function is_user_logged_in() {
	return Arshline_Test_WP::$logged_in;
}
function wp_verify_nonce( $nonce, $action ) {
	return isset( Arshline_Test_WP::$nonces[ $nonce ] ) && Arshline_Test_WP::$nonces[ $nonce ] === $action ? 1 : false;
}
if ( ! function_exists( '__return_true' ) ) {
	function __return_true() {
		return true;
	}
}
function wp_parse_args( $args, $defaults = array() ) {
	return array_merge( $defaults, is_object( $args ) ? get_object_vars( $args ) : (array) $args );
}
// phpcs:enable

require_once ABSPATH . WPINC . '/plugin.php';
require_once ABSPATH . WPINC . '/rest-api.php';
require_once ABSPATH . WPINC . '/rest-api/class-wp-rest-server.php';
require_once ABSPATH . WPINC . '/rest-api/class-wp-rest-request.php';
require_once ABSPATH . WPINC . '/rest-api/endpoints/class-wp-rest-controller.php';

$arshline_inc = dirname( __DIR__, 2 ) . '/arshline-sidecar/includes';
require_once $arshline_inc . '/class-arshline-sidecar-plugin.php';
require_once $arshline_inc . '/class-arshline-sidecar-rest.php';
require_once $arshline_inc . '/class-arshline-sidecar-routes.php';
foreach ( array( 'controller', 'health-controller', 'plans-controller', 'executions-controller', 'undo-controller', 'audit-controller', 'forms-controller', 'hosha2-controller', 'hosha2-jobs-controller', 'versions-controller', 'builder-controller', 'relay-controller', 'notifications-controller', 'stream', 'submissions-controller', 'results-controller', 'public-controller' ) as $arshline_class ) {
	require_once $arshline_inc . '/rest/class-arshline-sidecar-rest-' . $arshline_class . '.php';
}
