<?php
/**
 * POST arshline/v1/ai/undo: takes back executed steps by their tokens.
 *
 * @package Arshline_Sidecar
 */

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * Undo of executed steps.
 */
class Arshline_Sidecar_REST_Undo_Controller extends Arshline_Sidecar_REST_Controller {

	/**
	 * Sets the namespace and base.
	 */
	public function __construct() {
		$this->namespace = Arshline_Sidecar_Rest::NS;
		$this->rest_base = 'ai/undo';
	}

	/**
	 * Undoes one step or a list of steps (ai.undo); exactly one of token
	 * and tokens.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response
	 */
	public function create_item( $request ) {
		$token    = $request['token'];
		$tokens   = $request['tokens'];
		$has_one  = is_string( $token ) && '' !== $token;
		$has_many = is_array( $tokens ) && array() !== $tokens;
		if ( $has_one === $has_many ) {
			return self::local_error( 'arshline_invalid_undo', __( 'Send either one undo token or a list of tokens.', 'arshline-sidecar' ), 400 );
		}
		$params = $has_one ? array( 'token' => $token ) : array( 'tokens' => array_values( array_map( 'sanitize_text_field', $tokens ) ) );
		return $this->respond( Arshline_Sidecar_Plugin::call( 'ai.undo', $params ) );
	}

	/**
	 * An undo: the tokens sent, the steps undone answered.
	 *
	 * @return array
	 */
	public function get_item_schema() {
		if ( $this->schema ) {
			return $this->schema;
		}
		$this->schema = array(
			'$schema'    => 'http://json-schema.org/draft-04/schema#',
			'title'      => 'arshline-undo',
			'type'       => 'object',
			'properties' => array(
				'token'    => array(
					'description' => __( 'The undo token of one step.', 'arshline-sidecar' ),
					'type'        => 'string',
					'context'     => array( 'edit' ),
					'arg_options' => array(
						// Sanitized, not type-checked: the daemon judges the token.
						'sanitize_callback' => 'sanitize_text_field',
						'validate_callback' => null,
					),
				),
				'tokens'   => array(
					'description' => __( 'Undo tokens of several steps, undone together.', 'arshline-sidecar' ),
					'type'        => 'array',
					'items'       => array( 'type' => 'string' ),
					'context'     => array( 'edit' ),
				),
				'undone'   => self::readonly_property( 'array' ),
				'versions' => self::readonly_property( 'array' ),
			),
		);
		return $this->schema;
	}
}
