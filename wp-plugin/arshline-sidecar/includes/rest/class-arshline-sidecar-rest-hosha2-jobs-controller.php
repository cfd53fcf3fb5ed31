<?php
/**
 * hosha2/v1 jobs: generate or edit a whole form with the model, follow the
 * job's progress, cancel it.
 *
 * @package Arshline_Sidecar
 */

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * Hosha2 generation jobs.
 */
class Arshline_Sidecar_REST_Hosha2_Jobs_Controller extends Arshline_Sidecar_REST_Hosha2_Controller {

	/**
	 * An administrator with the generate nonce.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return true|WP_Error
	 */
	public function generate_permissions_check( $request ) {
		return $this->action_permissions_check( $request, 'generate' );
	}

	/**
	 * An administrator with the edit nonce.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return true|WP_Error
	 */
	public function edit_permissions_check( $request ) {
		return $this->action_permissions_check( $request, 'edit' );
	}

	/**
	 * An administrator (progress needs no action nonce).
	 *
	 * @param WP_REST_Request $request The request.
	 * @return true|WP_Error
	 */
	public function get_item_permissions_check( $request ) {
		return $this->admin_permissions_check( $request );
	}

	/**
	 * An administrator with the cancel nonce.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return true|WP_Error
	 */
	public function cancel_permissions_check( $request ) {
		return $this->action_permissions_check( $request, 'cancel' );
	}

	/**
	 * POST /forms/{id}/generate.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response
	 */
	public function generate( $request ) {
		return $this->run( $request, 'hosha2.generate' );
	}

	/**
	 * POST /forms/{id}/edit.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response
	 */
	public function edit( $request ) {
		return $this->run( $request, 'hosha2.edit' );
	}

	/**
	 * Validates a generate/edit body as docs/HOSHA2.md describes, then starts
	 * the job (202 with the request id to poll) or, with "wait": true, runs
	 * it to the end (200 with the Hosha2 success body).
	 *
	 * @param WP_REST_Request $request The request.
	 * @param string          $method  hosha2.generate or hosha2.edit.
	 * @return WP_REST_Response
	 */
	private function run( $request, $method ) {
		$body   = self::json_object( $request );
		$req_id = isset( $body->req_id ) && is_string( $body->req_id ) ? $body->req_id : '';
		if ( '' !== $req_id && ! preg_match( '/^' . self::REQ_ID . '$/', $req_id ) ) {
			return self::hosha2_error( 400, 'invalid_req_id', __( 'req_id must be 6 to 32 hexadecimal characters.', 'arshline-sidecar' ), '' );
		}
		if ( '' === $req_id ) {
			$req_id = bin2hex( random_bytes( 8 ) );
		}

		$form_id = (int) $request['id'];
		if ( $form_id <= 0 ) {
			return self::invalid_form_id( $req_id );
		}
		if ( ! property_exists( $body, 'prompt' ) ) {
			return self::hosha2_error( 400, 'missing_prompt', __( 'The request has no prompt.', 'arshline-sidecar' ), $req_id );
		}
		if ( ! is_string( $body->prompt ) || '' === trim( $body->prompt ) ) {
			return self::hosha2_error( 400, 'empty_prompt', __( 'The prompt is empty.', 'arshline-sidecar' ), $req_id );
		}
		if ( property_exists( $body, 'options' ) && ! is_object( $body->options ) ) {
			return self::hosha2_error( 400, 'invalid_options_type', __( 'options must be a JSON object.', 'arshline-sidecar' ), $req_id );
		}

		$wait   = isset( $body->wait ) && true === $body->wait;
		$params = (object) array(
			'form_id' => $form_id,
			'prompt'  => $body->prompt,
			'options' => property_exists( $body, 'options' ) ? $body->options : (object) array(),
			'req_id'  => strtolower( $req_id ),
			'wait'    => $wait,
		);
		if ( ! isset( $params->options->locale ) ) {
			$params->options->locale = Arshline_Sidecar_Plugin::locale();
		}
		$timeout = $wait ? self::timeout( $method, 180.0 ) : 15.0;
		$result  = Arshline_Sidecar_Plugin::call( $method, $params, $timeout );
		if ( is_wp_error( $result ) ) {
			return self::hosha2_from_wp_error( $result, $req_id );
		}
		$out               = array( 'success' => true ) + self::to_array( $result );
		$out['request_id'] = isset( $out['request_id'] ) ? $out['request_id'] : $req_id;
		return new WP_REST_Response( $out, $wait ? 200 : 202 );
	}

	/**
	 * GET /requests/{req_id}/progress.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response
	 */
	public function get_item( $request ) {
		return $this->job_call( $request, 'hosha2.progress' );
	}

	/**
	 * POST /requests/{req_id}/cancel.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response
	 */
	public function cancel( $request ) {
		return $this->job_call( $request, 'hosha2.cancel' );
	}

	/**
	 * Calls a method that names a job by its request id and answers
	 * {success: true, request_id, …}.
	 *
	 * @param WP_REST_Request $request The request.
	 * @param string          $method  hosha2.progress or hosha2.cancel.
	 * @return WP_REST_Response
	 */
	private function job_call( $request, $method ) {
		$req_id = strtolower( (string) $request['req_id'] );
		$result = Arshline_Sidecar_Plugin::call( $method, array( 'req_id' => $req_id ), 10.0 );
		if ( is_wp_error( $result ) ) {
			return self::hosha2_from_wp_error( $result, $req_id );
		}
		return new WP_REST_Response(
			array(
				'success'    => true,
				'request_id' => $req_id,
			) + self::to_array( $result ),
			200
		);
	}

	/**
	 * A job: the prompt and options sent, its status and progress answered.
	 *
	 * @return array
	 */
	public function get_item_schema() {
		if ( $this->schema ) {
			return $this->schema;
		}
		$this->schema = array(
			'$schema'    => 'http://json-schema.org/draft-04/schema#',
			'title'      => 'hosha2-job',
			'type'       => 'object',
			'properties' => array(
				'prompt'           => array(
					'description' => __( 'What the form should be, in the user\'s words.', 'arshline-sidecar' ),
					'type'        => 'string',
					'context'     => array( 'edit' ),
					'required'    => true,
				),
				'options'          => array(
					'description' => __( 'Options of the generation, such as its locale.', 'arshline-sidecar' ),
					'type'        => 'object',
					'context'     => array( 'edit' ),
				),
				'wait'             => array(
					'description' => __( 'Whether to answer only when the form is ready.', 'arshline-sidecar' ),
					'type'        => 'boolean',
					'default'     => false,
					'context'     => array( 'edit' ),
				),
				'req_id'           => array(
					'description' => __( 'The request id the caller chose, 6 to 32 hexadecimal characters.', 'arshline-sidecar' ),
					'type'        => 'string',
					'pattern'     => '^' . self::REQ_ID . '$',
					'context'     => array( 'edit' ),
				),
				'success'          => self::readonly_property( 'boolean' ),
				'request_id'       => self::readonly_property( 'string' ),
				'status'           => self::readonly_property( 'string' ),
				'progress'         => self::readonly_property( 'array', array( 'items' => array( 'type' => 'string' ) ) ),
				'progress_percent' => self::readonly_property( 'number' ),
				'result'           => self::readonly_property( 'object' ),
				'data'             => self::readonly_property( 'object' ),
			),
		);
		return $this->schema;
	}

	/**
	 * Generate and edit: the body is described, and checked by the
	 * callback, so that a bad one gets Hosha2's own error codes
	 * (docs/HOSHA2.md) rather than rest_invalid_param.
	 *
	 * @return array
	 */
	public function body_args() {
		return self::unchecked_args( $this->get_endpoint_args_for_item_schema( WP_REST_Server::CREATABLE ) );
	}
}
