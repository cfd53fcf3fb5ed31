<?php
/**
 * Logging in and REST requests on the real WordPress the tests load
 * (Arshline_WP_Test_Case): users log in as WordPress logs them in (their
 * login cookie, validated by determine_current_user, or an application
 * password in the request's Basic credentials), and requests go through
 * rest_do_request() and come back as a client reads them.
 *
 * @package Arshline_Sidecar
 */

/**
 * A user holding exactly the given capabilities and no role.
 *
 * @param string[] $caps Capabilities.
 * @return WP_User
 */
function arshline_test_user_with_caps( array $caps ) {
	static $n = 0;
	++$n;
	$id = wp_insert_user(
		array(
			'user_login' => 'caps' . $n . '-' . getmypid(),
			'user_pass'  => wp_generate_password(),
			'user_email' => 'caps' . $n . '-' . getmypid() . '@example.test',
			'role'       => '',
		)
	);
	if ( is_wp_error( $id ) ) {
		throw new RuntimeException( $id->get_error_message() );
	}
	$user = new WP_User( $id );
	foreach ( $caps as $cap ) {
		$user->add_cap( $cap );
	}
	return new WP_User( $id );
}

/**
 * Forgets who the current user is and asks WordPress again
 * (determine_current_user: the login cookie, then an application
 * password), as each new request does.
 *
 * @return WP_User
 */
function arshline_test_determine_user() {
	unset( $GLOBALS['wp_rest_auth_cookie'], $GLOBALS['wp_rest_application_password_status'], $GLOBALS['wp_rest_application_password_uuid'] );
	$GLOBALS['current_user'] = null;
	$user = wp_get_current_user();
	// A request's init loads the plugin's catalogue in the language of the
	// user it came from (Arshline_Sidecar_Plugin::locale()).
	unload_textdomain( Arshline_Sidecar_Plugin::TEXT_DOMAIN );
	Arshline_Sidecar_Plugin::load_textdomain();
	return $user;
}

/**
 * Logs a user in by the login cookie a browser sends.
 *
 * @param string|int|WP_User $who A login of Arshline_Test_WordPress::USERS, an id or a user; 0 logs out.
 * @return WP_User
 */
function arshline_test_login( $who ) {
	unset( $_SERVER['PHP_AUTH_USER'], $_SERVER['PHP_AUTH_PW'], $_SERVER['HTTP_AUTHORIZATION'] );
	unset( $_COOKIE[ LOGGED_IN_COOKIE ] );
	if ( 0 !== $who ) {
		$user = $who instanceof WP_User ? $who : ( is_int( $who ) ? new WP_User( $who ) : Arshline_Test_WordPress::user( $who ) );
		$_COOKIE[ LOGGED_IN_COOKIE ] = wp_generate_auth_cookie( $user->ID, time() + HOUR_IN_SECONDS, 'logged_in' );
	}
	$current = arshline_test_determine_user();
	if ( 0 !== $who && ( $current->ID !== $user->ID || true !== $GLOBALS['wp_rest_auth_cookie'] ) ) {
		throw new RuntimeException( 'WordPress did not take the login cookie' );
	}
	return $current;
}

/**
 * Sends a request as an application password's holder sends it: Basic
 * credentials and no cookie. Returns the user WordPress determined.
 *
 * @param string $login    The user's login.
 * @param string $password The application password.
 * @return WP_User
 */
function arshline_test_login_basic( $login, $password ) {
	if ( ! defined( 'REST_REQUEST' ) ) {
		// What rest_api_loaded() defines for a request to /wp-json/: an
		// application password is for API requests only.
		define( 'REST_REQUEST', true );
	}
	unset( $_COOKIE[ LOGGED_IN_COOKIE ] );
	$_SERVER['PHP_AUTH_USER'] = $login;
	$_SERVER['PHP_AUTH_PW']   = $password;
	return arshline_test_determine_user();
}

/**
 * Sends a request through rest_do_request() and returns its response as
 * the client reads it: after rest_post_dispatch (where WordPress applies
 * _fields), a success's body JSON-encoded and decoded (objects as
 * objects), an error's as the array WordPress makes it.
 *
 * @param string $method HTTP method.
 * @param string $route  Route.
 * @param array  $params Query parameters (GET, DELETE without a body) or the JSON body.
 * @param bool   $nonce  Whether to send the page's wp_rest nonce.
 * @return WP_REST_Response
 */
function arshline_test_rest( $method, $route, array $params = array(), $nonce = true ) {
	$request = new WP_REST_Request( $method, $route );
	if ( $nonce ) {
		$request->set_header( 'x_wp_nonce', wp_create_nonce( 'wp_rest' ) );
	}
	if ( 'GET' === $method ) {
		$request->set_query_params( $params );
	} elseif ( $params ) {
		$request->set_header( 'content-type', 'application/json' );
		$request->set_body( wp_json_encode( $params ) );
	}
	return arshline_test_send( $request );
}

/**
 * Sends a prepared request through rest_do_request(), as arshline_test_rest().
 *
 * @param WP_REST_Request $request The request.
 * @return WP_REST_Response
 */
function arshline_test_send( WP_REST_Request $request ) {
	$server   = rest_get_server();
	$response = rest_ensure_response( rest_do_request( $request ) );
	// As WP_REST_Server::serve_request() does before it sends the answer.
	$response = apply_filters( 'rest_post_dispatch', $response, $server, $request );
	$data     = $response->get_data();
	if ( $data instanceof Arshline_Sidecar_REST_Stream ) {
		return $response;
	}
	$data = $server->response_to_data( $response, false );
	if ( $response->get_status() < 400 ) {
		$response->set_data( json_decode( (string) wp_json_encode( $data ) ) );
	} else {
		$response->set_data( json_decode( (string) wp_json_encode( $data ), true ) );
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

/**
 * Gives a user a new application password (as their profile page does)
 * and sends the next requests with it (arshline_test_login_basic()).
 *
 * @param WP_User $user The user.
 * @return string The password.
 */
function arshline_test_login_app_password( WP_User $user ) {
	$created = WP_Application_Passwords::create_new_application_password( $user->ID, array( 'name' => 'arshline test ' . getmypid() ) );
	if ( is_wp_error( $created ) ) {
		throw new RuntimeException( $created->get_error_message() );
	}
	$current = arshline_test_login_basic( $user->user_login, $created[0] );
	if ( $current->ID !== $user->ID ) {
		throw new RuntimeException( 'WordPress did not take the application password' );
	}
	return $created[0];
}
