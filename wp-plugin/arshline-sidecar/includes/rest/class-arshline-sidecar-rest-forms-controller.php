<?php
/**
 * arshline/v1/forms: list, create and read forms.
 *
 * @package Arshline_Sidecar
 */

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * Forms.
 */
class Arshline_Sidecar_REST_Forms_Controller extends Arshline_Sidecar_REST_Controller {

	/**
	 * Form statuses.
	 */
	const STATUSES = array( 'draft', 'published', 'disabled' );

	/**
	 * Sets the namespace and base.
	 */
	public function __construct() {
		$this->namespace = Arshline_Sidecar_Rest::NS;
		$this->rest_base = 'forms';
	}

	/**
	 * GET /forms (forms.list).
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response
	 */
	public function get_items( $request ) {
		$params = array(
			'limit'  => (int) $request['limit'],
			'offset' => (int) $request['offset'],
		);
		if ( null !== $request['status'] ) {
			$params['status'] = (string) $request['status'];
		}
		return $this->respond( Arshline_Sidecar_Plugin::call( 'forms.list', $params ) );
	}

	/**
	 * POST /forms {title, status?} (forms.create), 201.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response
	 */
	public function create_item( $request ) {
		$params = array( 'title' => (string) $request['title'] );
		if ( null !== $request['status'] ) {
			$params['status'] = (string) $request['status'];
		}
		return $this->respond( Arshline_Sidecar_Plugin::call( 'forms.create', $params ), 201 );
	}

	/**
	 * GET /forms/{id} (forms.get).
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response
	 */
	public function get_item( $request ) {
		return $this->respond( Arshline_Sidecar_Plugin::call( 'forms.get', array( 'id' => (int) $request['id'] ) ) );
	}

	/**
	 * The filters and the page of the list.
	 *
	 * @return array
	 */
	public function get_collection_params() {
		return array(
			'status' => array(
				'description' => __( 'Only the forms with this status.', 'arshline-sidecar' ),
				'type'        => 'string',
				'enum'        => self::STATUSES,
			),
			'limit'  => array(
				'description' => __( 'The most forms to return.', 'arshline-sidecar' ),
				'type'        => 'integer',
				'minimum'     => 1,
				'maximum'     => 200,
				'default'     => 50,
			),
			'offset' => array(
				'description' => __( 'How many forms to skip.', 'arshline-sidecar' ),
				'type'        => 'integer',
				'minimum'     => 0,
				'default'     => 0,
			),
		);
	}

	/**
	 * A form.
	 *
	 * @return array
	 */
	public function get_item_schema() {
		if ( $this->schema ) {
			return $this->schema;
		}
		$this->schema = array(
			'$schema'    => 'http://json-schema.org/draft-04/schema#',
			'title'      => 'arshline-form',
			'type'       => 'object',
			'properties' => array(
				'id'              => self::readonly_property( 'integer' ),
				'title'           => array(
					'description' => __( 'The form\'s title.', 'arshline-sidecar' ),
					'type'        => 'string',
					'context'     => array( 'view', 'edit' ),
					'required'    => true,
				),
				'status'          => array(
					'description' => __( 'The form\'s status.', 'arshline-sidecar' ),
					'type'        => 'string',
					'enum'        => self::STATUSES,
					'context'     => array( 'view', 'edit' ),
				),
				'version_count'   => self::readonly_property( 'integer' ),
				'head_version_id' => self::readonly_property( array( 'integer', 'null' ) ),
			),
		);
		return $this->schema;
	}
}
