<?php
/**
 * POST arshline/v1/ai/execute: runs a confirmed plan in one transaction.
 *
 * @package Arshline_Sidecar
 */

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * Executions of AI plans.
 */
class Arshline_Sidecar_REST_Executions_Controller extends Arshline_Sidecar_REST_Controller {

	/**
	 * Sets the namespace and base.
	 */
	public function __construct() {
		$this->namespace = Arshline_Sidecar_Rest::NS;
		$this->rest_base = 'ai/execute';
	}

	/**
	 * Runs the plan (ai.execute). The plan travels as the JSON the browser
	 * sent (objects stay objects); the daemon validates it again.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response
	 */
	public function create_item( $request ) {
		$body = self::json_object( $request );
		if ( ! isset( $body->plan ) || ! is_object( $body->plan ) ) {
			return self::local_error( 'arshline_invalid_plan', __( 'The plan is missing or is not an object.', 'arshline-sidecar' ), 400 );
		}
		$params = (object) array(
			'plan'    => $body->plan,
			'confirm' => true === $request['confirm'],
		);
		return $this->respond( Arshline_Sidecar_Plugin::call( 'ai.execute', $params, self::timeout( 'ai.execute', 30.0 ) ) );
	}

	/**
	 * An execution: the plan and confirmation sent, the results and undo
	 * tokens answered.
	 *
	 * @return array
	 */
	public function get_item_schema() {
		if ( $this->schema ) {
			return $this->schema;
		}
		$this->schema = array(
			'$schema'    => 'http://json-schema.org/draft-04/schema#',
			'title'      => 'arshline-execution',
			'type'       => 'object',
			'properties' => array(
				'plan'          => array(
					'description' => __( 'The plan to run, as the preview returned it.', 'arshline-sidecar' ),
					'type'        => 'object',
					'context'     => array( 'edit' ),
					'required'    => true,
				),
				'confirm'       => array(
					'description' => __( 'Whether the user confirmed the preview.', 'arshline-sidecar' ),
					'type'        => 'boolean',
					'default'     => false,
					'context'     => array( 'edit' ),
				),
				'results'       => self::readonly_property( 'array' ),
				'undo_tokens'   => self::readonly_property( 'array', array( 'items' => array( 'type' => 'string' ) ) ),
				'forms_touched' => self::readonly_property( 'array' ),
			),
		);
		return $this->schema;
	}
}
