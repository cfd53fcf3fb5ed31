<?php
/**
 * The base of the hosha2/v1 controllers: Hosha2's response
 * shape and the Hosha2 action nonces.
 *
 * @package Arshline_Sidecar
 */

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * Hosha2 routes answer {success: true, …} or {success: false, error:
 * {code, message}, request_id}, with Hosha2's codes.
 */
abstract class Arshline_Sidecar_REST_Hosha2_Controller extends Arshline_Sidecar_REST_Controller {

	/**
	 * A job's request id.
	 */
	const REQ_ID = '[A-Fa-f0-9]{6,32}';

	/**
	 * A form or version id in a path: signed, so that 0 and -1 reach the
	 * callback and get invalid_form_id rather than a 404.
	 */
	const ID = '-?\d+';

	/**
	 * The header that carries a Hosha2 action nonce.
	 */
	const NONCE_HEADER = 'x_hosha2_nonce';

	/**
	 * Hosha2 action nonces, by route action.
	 */
	const NONCES = array(
		'generate' => 'hosha2_generate_nonce',
		'edit'     => 'hosha2_edit_nonce',
		'cancel'   => 'hosha2_cancel_nonce',
	);

	/**
	 * Sets the namespace.
	 */
	public function __construct() {
		$this->namespace = Arshline_Sidecar_Rest::HOSHA2;
	}

	/**
	 * An administrator; a request authenticated by cookie also with the
	 * page's wp_rest nonce and the action's own nonce in the X-Hosha2-Nonce
	 * header (an application password has neither, and needs neither).
	 *
	 * @param WP_REST_Request $request The request.
	 * @param string          $action  generate, edit or cancel.
	 * @return true|WP_Error
	 */
	protected function action_permissions_check( $request, $action ) {
		$base = $this->admin_permissions_check( $request );
		if ( true !== $base ) {
			return $base;
		}
		if ( ! self::cookie_authenticated() ) {
			return true;
		}
		$nonce = $request->get_header( self::NONCE_HEADER );
		if ( ! is_string( $nonce ) || ! wp_verify_nonce( $nonce, self::NONCES[ $action ] ) ) {
			return new WP_Error(
				'hosha2_invalid_nonce',
				__( 'The security token of this Hosha2 action has expired. Reload the page and try again.', 'arshline-sidecar' ),
				array( 'status' => 403 )
			);
		}
		return true;
	}

	/**
	 * A Hosha2 result in Hosha2's shape, {success, data}.
	 *
	 * @param mixed $result A call's result.
	 * @return WP_REST_Response
	 */
	protected static function hosha2_data( $result ) {
		if ( is_wp_error( $result ) ) {
			return self::hosha2_from_wp_error( $result, '' );
		}
		return new WP_REST_Response(
			array(
				'success' => true,
				'data'    => $result,
			),
			200
		);
	}

	/**
	 * Hosha2's error body for a daemon or client error.
	 *
	 * @param WP_Error $error  The error.
	 * @param string   $req_id The request id known to this request.
	 * @return WP_REST_Response
	 */
	protected static function hosha2_from_wp_error( $error, $req_id ) {
		$data   = $error->get_error_data();
		$data   = is_array( $data ) ? $data : array();
		$domain = isset( $data['error'] ) ? (string) $data['error'] : 'INTERNAL';
		$status = isset( $data['status'] ) ? (int) $data['status'] : 500;
		if ( ! empty( $data['request_id'] ) ) {
			$req_id = (string) $data['request_id'];
		}
		$extra = array( 'domain_code' => $domain );
		if ( isset( $data['retry_after'] ) ) {
			$extra['retry_after_sec'] = (int) $data['retry_after'];
		}
		if ( isset( $data['violations'] ) ) {
			$extra['violations'] = $data['violations'];
		}
		$response = self::hosha2_error( $status, Arshline_Sidecar_Errors::hosha2_code( $domain ), $error->get_error_message(), $req_id, $extra );
		if ( isset( $data['retry_after'] ) ) {
			$response->header( 'Retry-After', (string) (int) $data['retry_after'] );
		}
		return $response;
	}

	/**
	 * Hosha2's error body: {success: false, error: {code, message}, request_id}
	 * (with cancelled: true for 499).
	 *
	 * @param int    $status  HTTP status.
	 * @param string $code    Error code.
	 * @param string $message Message for a person.
	 * @param string $req_id  Request id, or ''.
	 * @param array  $extra   More error members.
	 * @return WP_REST_Response
	 */
	protected static function hosha2_error( $status, $code, $message, $req_id, array $extra = array() ) {
		$body = array( 'success' => false );
		if ( 499 === $status ) {
			$body['cancelled'] = true;
		}
		$body['error']      = array(
			'code'    => $code,
			'message' => $message,
		) + $extra;
		$body['request_id'] = '' === $req_id ? null : $req_id;
		return new WP_REST_Response( $body, $status );
	}

	/**
	 * The 400 answer for a form id that is not positive.
	 *
	 * @param string $req_id Request id, or ''.
	 * @return WP_REST_Response
	 */
	protected static function invalid_form_id( $req_id ) {
		return self::hosha2_error( 400, 'invalid_form_id', __( 'The form id must be a positive number.', 'arshline-sidecar' ), $req_id );
	}
}
