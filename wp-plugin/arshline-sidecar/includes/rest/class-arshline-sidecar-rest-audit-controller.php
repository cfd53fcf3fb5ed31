<?php
/**
 * GET arshline/v1/ai/audit: the audit rows of executed plans.
 *
 * @package Arshline_Sidecar
 */

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * The audit log.
 */
class Arshline_Sidecar_REST_Audit_Controller extends Arshline_Sidecar_REST_Controller {

	/**
	 * The audit log of every admin's changes is the site owner's.
	 *
	 * @var string
	 */
	protected $capability = 'manage_options';

	/**
	 * Sets the namespace and base.
	 */
	public function __construct() {
		$this->namespace = Arshline_Sidecar_Rest::NS;
		$this->rest_base = 'ai/audit';
	}

	/**
	 * The rows (audit.list), newest first.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response
	 */
	public function get_items( $request ) {
		$params = array( 'limit' => (int) $request['limit'] );
		if ( null !== $request['form_id'] ) {
			$params['form_id'] = (int) $request['form_id'];
		}
		if ( null !== $request['before_id'] ) {
			$params['before_id'] = (int) $request['before_id'];
		}
		return $this->respond( Arshline_Sidecar_Plugin::call( 'audit.list', $params ) );
	}

	/**
	 * The filters and the page of the list.
	 *
	 * @return array
	 */
	public function get_collection_params() {
		return array(
			'form_id'   => array(
				'description' => __( 'Only the rows of this form.', 'arshline-sidecar' ),
				'type'        => 'integer',
				'minimum'     => 1,
			),
			'limit'     => array(
				'description' => __( 'The most rows to return.', 'arshline-sidecar' ),
				'type'        => 'integer',
				'minimum'     => 1,
				'maximum'     => 200,
				'default'     => 50,
			),
			'before_id' => array(
				'description' => __( 'Only rows older than this row.', 'arshline-sidecar' ),
				'type'        => 'integer',
				'minimum'     => 1,
			),
		);
	}

	/**
	 * An audit row.
	 *
	 * @return array
	 */
	public function get_item_schema() {
		if ( $this->schema ) {
			return $this->schema;
		}
		$this->schema = array(
			'$schema'    => 'http://json-schema.org/draft-04/schema#',
			'title'      => 'arshline-audit-row',
			'type'       => 'object',
			'properties' => array(
				'id'      => self::readonly_property( 'integer' ),
				'form_id' => self::readonly_property( array( 'integer', 'null' ) ),
			),
		);
		return $this->schema;
	}
}
