<?php
/**
 * arshline/v1/forms/{id}/results and …/export: a form's results per
 * question, and its submissions as a CSV or XLSX file streamed to the
 * browser.
 *
 * @package Arshline_Sidecar
 */

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * Results and export of a form.
 */
class Arshline_Sidecar_REST_Results_Controller extends Arshline_Sidecar_REST_Controller {

	/**
	 * Export formats.
	 */
	const FORMATS = array( 'csv', 'xlsx' );

	/**
	 * Sets the namespace and base.
	 */
	public function __construct() {
		$this->namespace = Arshline_Sidecar_Rest::NS;
		$this->rest_base = 'forms/(?P<id>\d+)/results';
	}

	/**
	 * The date range of the results or the export.
	 *
	 * @return array
	 */
	private function range_args() {
		return array(
			'from' => Arshline_Sidecar_REST_Submissions_Controller::day_arg( __( 'The first day, Iran time: YYYY-MM-DD or a Jalali date such as 1404/09/02, in any digits.', 'arshline-sidecar' ) ),
			'to'   => Arshline_Sidecar_REST_Submissions_Controller::day_arg( __( 'The last day, included, written as from is.', 'arshline-sidecar' ) ),
		);
	}

	/**
	 * Exporting: administrators only, as every route.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return true|WP_Error
	 */
	public function export_permissions_check( $request ) {
		return $this->admin_permissions_check( $request );
	}

	/**
	 * The request's form and days.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return array
	 */
	private static function range_params( $request ) {
		$params = array( 'form_id' => (int) $request['id'] );
		foreach ( array( 'from', 'to' ) as $name ) {
			if ( is_string( $request[ $name ] ) && '' !== trim( $request[ $name ] ) ) {
				$params[ $name ] = trim( $request[ $name ] );
			}
		}
		return $params;
	}

	/**
	 * GET …/results?from&to (results.summary).
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response
	 */
	public function get_item( $request ) {
		return $this->respond( Arshline_Sidecar_Plugin::call( 'results.summary', self::range_params( $request ), self::timeout( 'results.summary', 30.0 ) ) );
	}

	/**
	 * GET …/export?format=csv|xlsx&status&from&to (submissions.export): the
	 * file under the daemon's name and type, its pages written to the
	 * browser as they come.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response
	 */
	public function export( $request ) {
		$params           = self::range_params( $request );
		$params['format'] = in_array( $request['format'], self::FORMATS, true ) ? $request['format'] : 'csv';
		if ( is_string( $request['status'] ) && '' !== $request['status'] ) {
			$params['status'] = $request['status'];
		}
		$params['file_link'] = self::file_link( (int) $params['form_id'] );
		$timeout             = self::timeout( 'submissions.export', 60.0 );
		$first   = Arshline_Sidecar_Plugin::call( 'submissions.export', $params, $timeout );
		if ( is_wp_error( $first ) ) {
			return $this->respond( $first );
		}
		$next     = function ( $page ) use ( $params, $timeout ) {
			if ( ! empty( $page->done ) || empty( $page->next_cursor ) ) {
				return null;
			}
			return Arshline_Sidecar_Plugin::call( 'submissions.export', $params + array( 'cursor' => $page->next_cursor ), $timeout );
		};
		$fallback = 'form-' . $params['form_id'] . '.' . $params['format'];
		$type     = isset( $first->content_type ) ? $first->content_type : '';
		if ( 'csv' === $params['format'] && 'text/csv' === strtok( (string) $type, ';' ) ) {
			$type = 'text/csv; charset=utf-8';
		} else {
			$type = Arshline_Sidecar_REST_Stream::safe_type( $type );
		}
		$headers = array(
			'Content-Type'        => $type,
			'Content-Disposition' => Arshline_Sidecar_REST_Stream::disposition( isset( $first->filename ) ? $first->filename : '', $fallback ),
		);
		return Arshline_Sidecar_REST_Stream::response( new Arshline_Sidecar_REST_Stream( $first, $next ), $headers );
	}

	/**
	 * The link an export's file cells carry: the entries' file route
	 * (submissions/{sid}/files/{upload_id}) with a REST nonce, so that
	 * the admin who exported opens it from the spreadsheet while logged
	 * in (the nonce lives a day; later, open the entry in wp-admin). The
	 * daemon fills in {submission_id} and {upload_id}, so they stay
	 * literal: with plain permalinks (WordPress's default) the route
	 * travels in ?rest_route=, whose value add_query_arg() encodes.
	 *
	 * @param int $form_id The form.
	 * @return string
	 */
	public static function file_link( $form_id ) {
		$route = sprintf( '/arshline/v1/forms/%d/submissions/{submission_id}/files/{upload_id}', $form_id );
		$link  = add_query_arg( '_wpnonce', wp_create_nonce( 'wp_rest' ), rest_url( $route ) );
		return str_ireplace( array( '%7Bsubmission_id%7D', '%7Bupload_id%7D' ), array( '{submission_id}', '{upload_id}' ), $link );
	}

	/**
	 * A form's results.
	 *
	 * @return array
	 */
	public function get_item_schema() {
		if ( $this->schema ) {
			return $this->schema;
		}
		$this->schema = array(
			'$schema'    => 'http://json-schema.org/draft-04/schema#',
			'title'      => 'arshline-results',
			'type'       => 'object',
			'properties' => array(
				'form_id' => self::readonly_property( 'integer' ),
				'total'   => self::readonly_property( 'integer' ),
				'from'    => self::readonly_property( 'string' ),
				'to'      => self::readonly_property( 'string' ),
				'fields'  => self::readonly_property(
					'array',
					array(
						'items' => array(
							'type'       => 'object',
							'properties' => array(
								'id'        => array( 'type' => 'string' ),
								'type'      => array( 'type' => 'string' ),
								'label'     => array( 'type' => 'string' ),
								'removed'   => array( 'type' => 'boolean' ),
								'answered'  => array( 'type' => 'integer' ),
								'counts'    => array( 'type' => 'object' ),
								'shares'    => array( 'type' => 'object' ),
								'options'   => array( 'type' => 'array' ),
								'mean'      => array( 'type' => 'number' ),
								'median'    => array( 'type' => 'number' ),
								'histogram' => array( 'type' => 'array' ),
								'min'       => array( 'type' => array( 'number', 'string' ) ),
								'max'       => array( 'type' => array( 'number', 'string' ) ),
								'latest'    => array( 'type' => 'array' ),
							),
						),
					)
				),
			),
		);
		return $this->schema;
	}

	/**
	 * The export route answers with the file's bytes; this describes the
	 * file.
	 *
	 * @return array
	 */
	public function get_export_schema() {
		return array(
			'$schema'    => 'http://json-schema.org/draft-04/schema#',
			'title'      => 'arshline-export',
			'type'       => 'object',
			'properties' => array(
				'filename'     => self::readonly_property( 'string' ),
				'content_type' => self::readonly_property( 'string' ),
			),
		);
	}

	/**
	 * The summary: the form and the date range.
	 *
	 * @return array
	 */
	public function summary_args() {
		return array( 'id' => self::id_arg( __( 'The form id.', 'arshline-sidecar' ) ) ) + $this->range_args();
	}

	/**
	 * The export: the form, the format, a status and the date range.
	 *
	 * @return array
	 */
	public function export_args() {
		return array(
			'id'     => self::id_arg( __( 'The form id.', 'arshline-sidecar' ) ),
			'format' => array(
				'description' => __( 'The file format.', 'arshline-sidecar' ),
				'type'        => 'string',
				'enum'        => self::FORMATS,
				'default'     => 'csv',
			),
			'status' => array(
				'description' => __( 'Only the submissions with this status (every status but spam without it).', 'arshline-sidecar' ),
				'type'        => 'string',
				'enum'        => Arshline_Sidecar_REST_Submissions_Controller::STATUSES,
			),
		) + $this->range_args();
	}
}
