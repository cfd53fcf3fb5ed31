<?php
/**
 * REST API: arshline/v1 (planner, forms, entries, results, builder, the
 * visitor's public form) and hosha2/v1 (form generation, progress, cancel,
 * versions), every route a row of Arshline_Sidecar_Routes::table(), served
 * by the controllers under includes/rest/. The admin's routes need the
 * forms capability (the site owner's routes manage_options); a request
 * logged in by cookie also needs the wp_rest nonce, and Hosha2's generate,
 * edit and cancel their own action nonce. Application passwords need no
 * nonce.
 *
 * @package Arshline_Sidecar
 */

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * Registers the controllers and sends the statuses WordPress cannot.
 */
final class Arshline_Sidecar_Rest {

	const NS     = 'arshline/v1';
	const HOSHA2 = 'hosha2/v1';

	/**
	 * The controllers of the admin's routes (the table's but the
	 * visitor's), each made once.
	 *
	 * @return WP_REST_Controller[]
	 */
	public static function controllers() {
		$out = array();
		foreach ( array_keys( Arshline_Sidecar_Routes::CONTROLLERS ) as $name ) {
			if ( 'public' !== $name ) {
				$out[] = Arshline_Sidecar_Routes::controller( $name );
			}
		}
		return $out;
	}

	/**
	 * Registers every route of the table (on rest_api_init).
	 */
	public static function register_routes() {
		Arshline_Sidecar_Routes::register();
		// Files and exports are written page by page instead of as JSON.
		add_filter( 'rest_pre_serve_request', array( 'Arshline_Sidecar_REST_Stream', 'serve' ), 10, 4 );
	}

	/**
	 * Sends statuses WordPress has no reason phrase for (499): WordPress's
	 * status_header() silently drops them, which would turn a cancelled
	 * request into a 200.
	 *
	 * @param WP_HTTP_Response $response The response.
	 * @param WP_REST_Server   $server   The server.
	 * @param WP_REST_Request  $request  The request.
	 * @return WP_HTTP_Response
	 */
	public static function send_nonstandard_status( $response, $server, $request ) {
		if ( ! $response instanceof WP_HTTP_Response || 499 !== $response->get_status() ) {
			return $response;
		}
		$route = $request->get_route();
		if ( 0 !== strpos( $route, '/' . self::NS . '/' ) && 0 !== strpos( $route, '/' . self::HOSHA2 . '/' ) ) {
			return $response;
		}
		if ( ! headers_sent() ) {
			header( wp_get_server_protocol() . ' 499 Client Closed Request', true, 499 );
		}
		return $response;
	}
}
