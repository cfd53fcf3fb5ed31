<?php
/**
 * REST API: arshline/v1 (planner, forms, audit) and hosha2/v1 (form
 * generation, progress, cancel, versions), one controller per resource
 * under includes/rest/. Every route needs manage_options and a valid
 * wp_rest nonce; Hosha2's generate, edit and cancel also need their own
 * action nonce.
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
	 * The controllers, in the order their routes are registered.
	 *
	 * @return WP_REST_Controller[]
	 */
	public static function controllers() {
		return array(
			new Arshline_Sidecar_REST_Health_Controller(),
			new Arshline_Sidecar_REST_Plans_Controller(),
			new Arshline_Sidecar_REST_Executions_Controller(),
			new Arshline_Sidecar_REST_Undo_Controller(),
			new Arshline_Sidecar_REST_Audit_Controller(),
			new Arshline_Sidecar_REST_Forms_Controller(),
			new Arshline_Sidecar_REST_Hosha2_Jobs_Controller(),
			new Arshline_Sidecar_REST_Versions_Controller(),
			new Arshline_Sidecar_REST_Submissions_Controller(),
			new Arshline_Sidecar_REST_Results_Controller(),
			new Arshline_Sidecar_REST_Builder_Controller(),
			new Arshline_Sidecar_REST_Relay_Controller(),
		);
	}

	/**
	 * Registers every route (on rest_api_init).
	 */
	public static function register_routes() {
		foreach ( self::controllers() as $controller ) {
			$controller->register_routes();
		}
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
