<?php
/**
 * What the entries and results tests add to the REST harness: the plugin
 * class pointed at a test daemon, the few WordPress functions its calls
 * reach, and a way to send a request through WordPress's REST server as
 * an administrator with the page's nonce.
 *
 * Defines global functions, so it is loaded only in tests that run in
 * their own process.
 *
 * @package Arshline_Sidecar
 */

require_once __DIR__ . '/wp-rest-harness.php';
require_once ABSPATH . WPINC . '/class-wp-http-response.php';
require_once ABSPATH . WPINC . '/rest-api/class-wp-rest-response.php';

// phpcs:disable Squiz.Commenting.FunctionComment.Missing
if ( ! defined( 'MINUTE_IN_SECONDS' ) ) {
	define( 'MINUTE_IN_SECONDS', 60 );
}
// Each on its own: another test of this run may have defined some of them.
if ( ! function_exists( 'get_option' ) ) {
	function get_option( $name, $fallback = false ) {
		return 'blog_charset' === $name ? 'UTF-8' : $fallback;
	}
}
if ( ! function_exists( 'get_current_user_id' ) ) {
	function get_current_user_id() {
		return 1;
	}
}
if ( ! function_exists( 'get_current_blog_id' ) ) {
	function get_current_blog_id() {
		return 1;
	}
}
if ( ! function_exists( 'get_transient' ) ) {
	function get_transient( $key ) {
		return false;
	}
}
if ( ! function_exists( 'set_transient' ) ) {
	function set_transient( $key, $value, $ttl = 0 ) {
		return true;
	}
}
if ( ! function_exists( 'delete_transient' ) ) {
	function delete_transient( $key ) {
		return true;
	}
}
if ( ! function_exists( 'wp_is_numeric_array' ) ) {
	function wp_is_numeric_array( $data ) {
		return is_array( $data ) && ( array() === $data || array_keys( $data ) === range( 0, count( $data ) - 1 ) );
	}
}
if ( ! function_exists( 'trailingslashit' ) ) {
	function untrailingslashit( $value ) {
		return rtrim( $value, '/\\' );
	}
	function trailingslashit( $value ) {
		return untrailingslashit( $value ) . '/';
	}
}
if ( ! function_exists( 'wp_list_filter' ) ) {
	require_once ABSPATH . WPINC . '/class-wp-list-util.php';
	function wp_list_filter( $input_list, $args = array(), $operator = 'AND' ) {
		return ( new WP_List_Util( $input_list ) )->filter( $args, $operator );
	}
}
if ( ! function_exists( '_n' ) ) {
	function _n( $single, $plural, $number, $domain = 'default' ) {
		return 1 === (int) $number ? $single : $plural;
	}
}
if ( ! function_exists( 'wp_sprintf' ) ) {
	function wp_sprintf( $pattern, ...$args ) {
		foreach ( $args as $i => $arg ) {
			$args[ $i ] = is_array( $arg ) ? implode( ', ', $arg ) : $arg;
		}
		return vsprintf( preg_replace( '/%(\d+\$)?l/', '%$1s', $pattern ), $args );
	}
	function number_format_i18n( $number, $decimals = 0 ) {
		return number_format( $number, $decimals );
	}
}
if ( ! function_exists( 'absint' ) ) {
	function absint( $maybeint ) {
		return abs( (int) $maybeint );
	}
}
if ( ! function_exists( 'wp_is_json_media_type' ) ) {
	function wp_is_json_media_type( $media_type ) {
		return (bool) preg_match( '/(^|\s|,)application\/([\w!#\$&-\^\.\+]+\+)?json(\+oembed)?($|\s|;|,)/i', $media_type );
	}
}
if ( ! function_exists( 'wp_json_encode' ) ) {
	function wp_json_encode( $data, $options = 0, $depth = 512 ) {
		return json_encode( $data, $options | JSON_UNESCAPED_UNICODE, $depth );
	}
}
if ( ! function_exists( 'wp_parse_list' ) ) {
	// As wp-includes/functions.php: a comma or space separated list.
	function wp_parse_list( $list ) {
		return is_array( $list ) ? $list : preg_split( '/[\s,]+/', (string) $list, -1, PREG_SPLIT_NO_EMPTY );
	}
}
foreach ( array( 'is_multisite', 'is_ssl', 'is_admin', 'force_ssl_admin' ) as $arshline_test_false ) {
	if ( ! function_exists( $arshline_test_false ) ) {
		eval( "function $arshline_test_false() { return false; }" ); // phpcs:ignore Squiz.PHP.Eval.Discouraged -- four stubs of one shape.
	}
}
if ( ! function_exists( 'get_home_url' ) ) {
	function get_home_url( $blog_id = null, $path = '', $scheme = null ) {
		return 'https://example.test/' . ltrim( $path, '/' );
	}
}
if ( ! function_exists( 'wp_create_nonce' ) ) {
	function wp_create_nonce( $action = -1 ) {
		return 'n0nce' . substr( md5( (string) $action ), 0, 5 );
	}
}
if ( ! function_exists( 'add_query_arg' ) ) {
	function add_query_arg( $key, $value, $url ) {
		// As WordPress's (functions.php): the new value is not encoded
		// (build_query), but the values already in the query are decoded
		// and encoded again (urlencode_deep), so a later call turns the
		// "/" and "{" of a plain permalink's ?rest_route= into %2F and %7B.
		list( $base, $query ) = array_pad( explode( '?', $url, 2 ), 2, '' );
		parse_str( $query, $args );
		$args         = array_map( 'urlencode', $args );
		$args[ $key ] = $value;
		$pairs        = array();
		foreach ( $args as $name => $arg ) {
			$pairs[] = $name . '=' . $arg;
		}
		return $base . '?' . implode( '&', $pairs );
	}
}
// phpcs:enable

/**
 * Points the plugin at the daemon and makes the current user an
 * administrator of forms.
 *
 * @param string $socket The daemon's socket.
 */
function arshline_test_rest_boot( $socket ) {
	if ( ! defined( 'ARSHLINE_SIDECAR_SOCKET' ) ) {
		define( 'ARSHLINE_SIDECAR_SOCKET', $socket );
	}
	Arshline_Test_WP::$caps      = array( 'read', 'manage_arshline_forms' );
	Arshline_Test_WP::$logged_in = true;
	Arshline_Test_WP::$nonces    = array( 'rest-ok' => 'wp_rest' );
	// The requests are a logged-in browser page's, authenticated by cookie
	// (rest_cookie_collect_status() notes it so).
	$GLOBALS['wp_rest_auth_cookie'] = true;
	if ( ! did_action( 'rest_api_init' ) ) {
		add_action( 'rest_api_init', array( 'Arshline_Sidecar_Rest', 'register_routes' ) );
		rest_get_server();
	}
}

/**
 * Sends a request through the REST server and returns its response.
 *
 * @param string $method HTTP method.
 * @param string $route  Route.
 * @param array  $params Query parameters (GET) or the JSON body.
 * @param bool   $nonce  Whether to send the wp_rest nonce.
 * @return WP_REST_Response
 */
function arshline_test_rest( $method, $route, array $params = array(), $nonce = true ) {
	$request = new WP_REST_Request( $method, $route );
	if ( $nonce ) {
		$request->set_header( 'x_wp_nonce', 'rest-ok' );
	}
	if ( 'GET' === $method ) {
		$request->set_query_params( $params );
	} elseif ( $params ) {
		$request->set_header( 'content-type', 'application/json' );
		$request->set_body( wp_json_encode( $params ) );
	}
	$response = rest_get_server()->dispatch( $request );
	// What a client reads of an answer: the JSON WordPress sends, decoded
	// (objects as objects; errors stay the arrays WordPress makes them).
	$data = $response->get_data();
	if ( $response->get_status() < 400 && ! $data instanceof Arshline_Sidecar_REST_Stream ) {
		$response->set_data( json_decode( (string) wp_json_encode( $data ) ) );
	}
	return $response;
}

/**
 * Decoded JSON objects as arrays, one level down.
 *
 * @param array $items Objects.
 * @return array[]
 */
function arshline_test_arrays( $items ) {
	return array_map( 'get_object_vars', (array) $items );
}
