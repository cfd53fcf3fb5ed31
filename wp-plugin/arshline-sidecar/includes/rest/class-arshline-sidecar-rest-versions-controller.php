<?php
/**
 * hosha2/v1 versions: a form's immutable snapshots, one snapshot, a JSON
 * Patch applied as a new version, and rollback.
 *
 * @package Arshline_Sidecar
 */

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * Versions of a form.
 */
class Arshline_Sidecar_REST_Versions_Controller extends Arshline_Sidecar_REST_Hosha2_Controller {

	/**
	 * Sets the namespace and base.
	 */
	public function __construct() {
		parent::__construct();
		$this->rest_base = 'forms/(?P<id>' . self::ID . ')/versions';
	}

	/**
	 * Administrators only.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return true|WP_Error
	 */
	public function apply_diff_permissions_check( $request ) {
		return $this->admin_permissions_check( $request );
	}

	/**
	 * Administrators only.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return true|WP_Error
	 */
	public function rollback_permissions_check( $request ) {
		return $this->admin_permissions_check( $request );
	}

	/**
	 * GET /forms/{id}/versions?limit&offset (versions.list).
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response
	 */
	public function get_items( $request ) {
		$form_id = (int) $request['id'];
		if ( $form_id <= 0 ) {
			return self::invalid_form_id( '' );
		}
		$limit  = null === $request['limit'] ? 20 : (int) $request['limit'];
		$offset = null === $request['offset'] ? 0 : (int) $request['offset'];
		$result = Arshline_Sidecar_Plugin::call(
			'versions.list',
			array(
				'form_id'     => $form_id,
				'limit'   => $limit,
				'offset'  => $offset,
			)
		);
		return self::hosha2_data( $result );
	}

	/**
	 * GET /forms/{id}/versions/{vid} (versions.get).
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response
	 */
	public function get_item( $request ) {
		$ids = self::version_ids( $request );
		if ( $ids instanceof WP_REST_Response ) {
			return $ids;
		}
		return self::hosha2_data( Arshline_Sidecar_Plugin::call( 'versions.get', $ids ) );
	}

	/**
	 * POST /forms/{id}/versions/{vid}/apply-diff {diff, dry_run}
	 * (versions.apply_diff).
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response
	 */
	public function apply_diff( $request ) {
		$ids = self::version_ids( $request );
		if ( $ids instanceof WP_REST_Response ) {
			return $ids;
		}
		$body = self::json_object( $request );
		if ( ! property_exists( $body, 'diff' ) ) {
			return self::hosha2_error( 400, 'missing_diff', __( 'The request has no diff.', 'arshline-sidecar' ), '' );
		}
		if ( ! is_array( $body->diff ) ) {
			return self::hosha2_error( 400, 'invalid_diff_type', __( 'diff must be a JSON Patch array.', 'arshline-sidecar' ), '' );
		}
		$params          = (object) $ids;
		$params->diff    = $body->diff;
		$params->dry_run = isset( $body->dry_run ) && true === $body->dry_run;
		return self::hosha2_data( Arshline_Sidecar_Plugin::call( 'versions.apply_diff', $params ) );
	}

	/**
	 * POST /forms/{id}/versions/{vid}/rollback (versions.rollback).
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response
	 */
	public function rollback( $request ) {
		$ids = self::version_ids( $request );
		if ( $ids instanceof WP_REST_Response ) {
			return $ids;
		}
		return self::hosha2_data( Arshline_Sidecar_Plugin::call( 'versions.rollback', $ids ) );
	}

	/**
	 * The form and version ids of a version route, or a 400 response.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return array|WP_REST_Response
	 */
	private static function version_ids( $request ) {
		$form_id    = (int) $request['id'];
		$version_id = (int) $request['vid'];
		if ( $form_id <= 0 ) {
			return self::invalid_form_id( '' );
		}
		if ( $version_id <= 0 ) {
			return self::hosha2_error( 400, 'invalid_version_id', __( 'The version id must be a positive number.', 'arshline-sidecar' ), '' );
		}
		return array(
			'form_id'    => $form_id,
			'version_id' => $version_id,
		);
	}

	/**
	 * The page of the list.
	 *
	 * @return array
	 */
	public function get_collection_params() {
		return array(
			'limit'  => array(
				'description' => __( 'The most versions to return.', 'arshline-sidecar' ),
				'type'        => 'integer',
				'minimum'     => 1,
				'maximum'     => 100,
				'default'     => 20,
			),
			'offset' => array(
				'description' => __( 'How many versions to skip.', 'arshline-sidecar' ),
				'type'        => 'integer',
				'minimum'     => 0,
				'default'     => 0,
			),
		);
	}

	/**
	 * A version; diff and dry_run are what apply-diff takes.
	 *
	 * @return array
	 */
	public function get_item_schema() {
		if ( $this->schema ) {
			return $this->schema;
		}
		$this->schema = array(
			'$schema'    => 'http://json-schema.org/draft-04/schema#',
			'title'      => 'hosha2-version',
			'type'       => 'object',
			'properties' => array(
				'id'          => self::readonly_property( 'integer' ),
				'form_id'     => self::readonly_property( 'integer' ),
				'seq'         => self::readonly_property( 'integer' ),
				'source'      => self::readonly_property( 'string' ),
				'created_at'  => self::readonly_property( 'string', array( 'format' => 'date-time' ) ),
				'title'       => self::readonly_property( 'string' ),
				'status'      => self::readonly_property( 'string' ),
				'field_count' => self::readonly_property( 'integer' ),
				'state'       => self::readonly_property( 'object' ),
				'diff'        => array(
					'description' => __( 'A JSON Patch (RFC 6902) to apply to this version.', 'arshline-sidecar' ),
					'type'        => 'array',
					'items'       => array( 'type' => 'object' ),
					'context'     => array( 'view', 'edit' ),
					'required'    => true,
				),
				'dry_run'     => array(
					'description' => __( 'Whether to check the patch without saving a version.', 'arshline-sidecar' ),
					'type'        => 'boolean',
					'default'     => false,
					'context'     => array( 'edit' ),
				),
			),
		);
		return $this->schema;
	}

	/**
	 * The list's page, described and checked by the callback (Hosha2's
	 * error codes).
	 *
	 * @return array
	 */
	public function list_args() {
		return self::unchecked_args( $this->get_collection_params() );
	}

	/**
	 * apply-diff's body, described and checked by the callback (Hosha2's
	 * error codes).
	 *
	 * @return array
	 */
	public function body_args() {
		return self::unchecked_args( $this->get_endpoint_args_for_item_schema( WP_REST_Server::CREATABLE ) );
	}
}
