<?php
/**
 * GET arshline/v1/health: the daemon's health.
 *
 * @package Arshline_Sidecar
 */

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * The health of the arshlined service.
 */
class Arshline_Sidecar_REST_Health_Controller extends Arshline_Sidecar_REST_Controller {

	/**
	 * Sets the namespace and base.
	 */
	public function __construct() {
		$this->namespace = Arshline_Sidecar_Rest::NS;
		$this->rest_base = 'health';
	}

	/**
	 * The daemon's system.health.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response
	 */
	public function get_item( $request ) {
		return $this->respond( Arshline_Sidecar_Plugin::call( 'system.health', array(), 5.0 ) );
	}

	/**
	 * The health answer (read only: the route takes no parameters).
	 *
	 * @return array
	 */
	public function get_item_schema() {
		if ( $this->schema ) {
			return $this->schema;
		}
		$this->schema = array(
			'$schema'    => 'http://json-schema.org/draft-04/schema#',
			'title'      => 'arshline-health',
			'type'       => 'object',
			'properties' => array(
				'ok'             => array(
					'type'     => 'boolean',
					'context'  => array( 'view' ),
					'readonly' => true,
				),
				'version'        => array(
					'type'     => 'string',
					'context'  => array( 'view' ),
					'readonly' => true,
				),
				'uptime_s'       => array(
					'type'     => 'number',
					'context'  => array( 'view' ),
					'readonly' => true,
				),
				'db_ok'          => array(
					'type'     => 'boolean',
					'context'  => array( 'view' ),
					'readonly' => true,
				),
				'llm_configured' => array(
					'type'     => 'boolean',
					'context'  => array( 'view' ),
					'readonly' => true,
				),
			),
		);
		return $this->schema;
	}
}
