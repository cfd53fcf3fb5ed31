<?php
/**
 * arshline/v1/forms/{id}/submissions: a form's entries for its
 * administrators — pages of them, one with the version it answered, their
 * status, erasing them, and the files they hold.
 *
 * @package Arshline_Sidecar
 */

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * Submissions of a form.
 */
class Arshline_Sidecar_REST_Submissions_Controller extends Arshline_Sidecar_REST_Controller {

	/**
	 * Statuses of a submission.
	 */
	const STATUSES = array( 'new', 'read', 'starred', 'spam' );

	/**
	 * Most ids one call may name (the daemon's bound).
	 */
	const MAX_IDS = 500;

	/**
	 * An upload id as the daemon makes them.
	 */
	const UPLOAD_ID = '[A-Za-z0-9_-]{1,128}';

	/**
	 * Sets the namespace and base.
	 */
	public function __construct() {
		$this->namespace = Arshline_Sidecar_Rest::NS;
		$this->rest_base = 'forms/(?P<id>\d+)/submissions';
	}

	/**
	 * The ids of a status change or an erasure.
	 *
	 * @return array
	 */
	public function ids_arg() {
		return array(
			'description' => __( 'The submissions\' ids.', 'arshline-sidecar' ),
			'type'        => 'array',
			'items'       => array(
				'type'    => 'integer',
				'minimum' => 1,
			),
			'minItems'    => 1,
			'maxItems'    => self::MAX_IDS,
			'uniqueItems' => true,
			'required'    => true,
		);
	}

	/**
	 * Erasing: administrators only, as every route.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return true|WP_Error
	 */
	public function delete_items_permissions_check( $request ) {
		return $this->admin_permissions_check( $request );
	}

	/**
	 * Changing the status: administrators only, as every route.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return true|WP_Error
	 */
	public function update_status_permissions_check( $request ) {
		return $this->admin_permissions_check( $request );
	}

	/**
	 * Reading a file: administrators only, as every route.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return true|WP_Error
	 */
	public function get_file_permissions_check( $request ) {
		return $this->admin_permissions_check( $request );
	}

	/**
	 * GET …/submissions?limit&before_id&status&from&to&q (submissions.list):
	 * {items, next_before_id}, newest first.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response
	 */
	public function get_items( $request ) {
		$params = array(
			'form_id' => (int) $request['id'],
			'limit'   => null === $request['limit'] ? 50 : (int) $request['limit'],
		);
		if ( null !== $request['before_id'] ) {
			$params['before_id'] = (int) $request['before_id'];
		}
		foreach ( array( 'status', 'from', 'to', 'q' ) as $name ) {
			if ( is_string( $request[ $name ] ) && '' !== trim( $request[ $name ] ) ) {
				$params[ $name ] = trim( $request[ $name ] );
			}
		}
		return $this->respond( Arshline_Sidecar_Plugin::call( 'submissions.list', $params ) );
	}

	/**
	 * GET …/submissions/{sid} (submissions.get): the submission and the
	 * version it answered.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response
	 */
	public function get_item( $request ) {
		$entry = Arshline_Sidecar_Plugin::call(
			'submissions.get',
			array(
				'form_id' => (int) $request['id'],
				'id'      => (int) $request['sid'],
			)
		);
		if ( ! is_wp_error( $entry ) ) {
			$entry = self::with_file_facts( $entry, (int) $request['id'], (int) $request['sid'] );
		}
		return $this->respond( $entry );
	}

	/**
	 * An entry whose file answers say what was uploaded: each
	 * {upload_id} gains the name the respondent's device gave, the type
	 * the daemon read from the bytes and the size, from the file's first
	 * page (submissions.file). A file that cannot be read keeps its id.
	 *
	 * @param object $entry   submissions.get's result.
	 * @param int    $form_id Form id.
	 * @param int    $sid     Submission id.
	 * @return object
	 */
	public static function with_file_facts( $entry, $form_id, $sid ) {
		if ( ! is_object( $entry ) || ! isset( $entry->answers ) || ! is_array( $entry->answers ) ) {
			return $entry;
		}
		foreach ( $entry->answers as $answer ) {
			if ( ! is_object( $answer ) || ! isset( $answer->type, $answer->value ) || 'file' !== $answer->type || ! is_array( $answer->value ) ) {
				continue;
			}
			foreach ( $answer->value as $file ) {
				if ( ! is_object( $file ) || ! isset( $file->upload_id ) || ! is_string( $file->upload_id ) ) {
					continue;
				}
				$page = Arshline_Sidecar_Plugin::call(
					'submissions.file',
					array(
						'form_id'       => (int) $form_id,
						'submission_id' => (int) $sid,
						'upload_id'     => $file->upload_id,
						'offset'        => 0,
					),
					self::timeout( 'submissions.file', 30.0 )
				);
				if ( is_wp_error( $page ) ) {
					continue;
				}
				$file->name = isset( $page->name ) ? (string) $page->name : '';
				$file->mime = isset( $page->mime ) ? Arshline_Sidecar_REST_Stream::safe_type( $page->mime ) : '';
				$file->size = isset( $page->size ) ? (int) $page->size : 0;
			}
		}
		return $entry;
	}

	/**
	 * POST …/submissions/status {ids, status} (submissions.set_status):
	 * {updated}.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response
	 */
	public function update_status( $request ) {
		return $this->respond(
			Arshline_Sidecar_Plugin::call(
				'submissions.set_status',
				array(
					'form_id' => (int) $request['id'],
					'ids'     => array_map( 'intval', (array) $request['ids'] ),
					'status'  => (string) $request['status'],
				)
			)
		);
	}

	/**
	 * DELETE …/submissions {ids} or POST …/submissions/delete {ids}
	 * (submissions.delete): {deleted}. The rows, their files and
	 * counts are erased for good.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response
	 */
	public function delete_items( $request ) {
		return $this->respond(
			Arshline_Sidecar_Plugin::call(
				'submissions.delete',
				array(
					'form_id' => (int) $request['id'],
					'ids'     => array_map( 'intval', (array) $request['ids'] ),
				)
			)
		);
	}

	/**
	 * GET …/submissions/{sid}/files/{upload_id}: the file, as an
	 * attachment, read from the daemon in pages (submissions.file) and
	 * written to the browser one page at a time.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response
	 */
	public function get_file( $request ) {
		$params = array(
			'form_id'       => (int) $request['id'],
			'submission_id' => (int) $request['sid'],
			'upload_id'     => (string) $request['upload_id'],
		);
		$first  = Arshline_Sidecar_Plugin::call( 'submissions.file', $params + array( 'offset' => 0 ), self::timeout( 'submissions.file', 30.0 ) );
		if ( is_wp_error( $first ) ) {
			return $this->respond( $first );
		}
		$next    = function ( $page ) use ( $params ) {
			if ( ! empty( $page->eof ) || ! isset( $page->next_offset ) ) {
				return null;
			}
			return Arshline_Sidecar_Plugin::call( 'submissions.file', $params + array( 'offset' => (int) $page->next_offset ), self::timeout( 'submissions.file', 30.0 ) );
		};
		$headers = array(
			'Content-Type'        => Arshline_Sidecar_REST_Stream::safe_type( isset( $first->mime ) ? $first->mime : '' ),
			// Saved under the daemon's name (upload id and the sniffed type's
			// extension), never the respondent's: a saved report.html would run.
			'Content-Disposition' => Arshline_Sidecar_REST_Stream::disposition( isset( $first->download_name ) ? $first->download_name : '', 'file' ),
		);
		if ( isset( $first->size ) && is_int( $first->size ) && $first->size >= 0 ) {
			$headers['Content-Length'] = (string) $first->size;
		}
		return Arshline_Sidecar_REST_Stream::response( new Arshline_Sidecar_REST_Stream( $first, $next ), $headers );
	}

	/**
	 * The filters and the page of the list.
	 *
	 * @return array
	 */
	public function get_collection_params() {
		return array(
			'limit'     => array(
				'description' => __( 'The most submissions to return.', 'arshline-sidecar' ),
				'type'        => 'integer',
				'minimum'     => 1,
				'maximum'     => 200,
				'default'     => 50,
			),
			'before_id' => array(
				'description' => __( 'Only submissions older than this one (the next page).', 'arshline-sidecar' ),
				'type'        => 'integer',
				'minimum'     => 1,
			),
			'status'    => array(
				'description' => __( 'Only the submissions with this status.', 'arshline-sidecar' ),
				'type'        => 'string',
				'enum'        => self::STATUSES,
			),
			'from'      => self::day_arg( __( 'The first day, Iran time: YYYY-MM-DD or a Jalali date such as 1404/09/02, in any digits.', 'arshline-sidecar' ) ),
			'to'        => self::day_arg( __( 'The last day, included, written as from is.', 'arshline-sidecar' ) ),
			'q'         => array(
				'description' => __( 'Words to search the answers and tracking codes for.', 'arshline-sidecar' ),
				'type'        => 'string',
				'maxLength'   => 200,
			),
		);
	}

	/**
	 * A day of a date range; the daemon reads and checks it.
	 *
	 * @param string $description What it bounds.
	 * @return array
	 */
	public static function day_arg( $description ) {
		return array(
			'description' => $description,
			'type'        => 'string',
			'maxLength'   => 40,
		);
	}

	/**
	 * A submission.
	 *
	 * @return array
	 */
	public function get_item_schema() {
		if ( $this->schema ) {
			return $this->schema;
		}
		$this->schema = array(
			'$schema'    => 'http://json-schema.org/draft-04/schema#',
			'title'      => 'arshline-submission',
			'type'       => 'object',
			'properties' => array(
				'id'            => self::readonly_property( 'integer' ),
				'form_id'       => self::readonly_property( 'integer' ),
				'version_id'    => self::readonly_property( 'integer' ),
				'tracking_code' => self::readonly_property( 'string' ),
				'status'        => array(
					'description' => __( 'The submission\'s status.', 'arshline-sidecar' ),
					'type'        => 'string',
					'enum'        => self::STATUSES,
					'context'     => array( 'view', 'edit' ),
				),
				'created_at'    => self::readonly_property( 'string', array( 'format' => 'date-time' ) ),
				'answers'       => self::readonly_property(
					'array',
					array(
						'items' => array(
							'type'       => 'object',
							'properties' => array(
								'field' => array( 'type' => 'string' ),
								'type'  => array( 'type' => 'string' ),
								'value' => array(),
								'typed' => array(),
							),
						),
					)
				),
				'version'       => self::readonly_property( array( 'object', 'null' ) ),
			),
		);
		return $this->schema;
	}

	/**
	 * The file route answers with the file's bytes; this describes them.
	 *
	 * @return array
	 */
	public function get_file_schema() {
		return array(
			'$schema'    => 'http://json-schema.org/draft-04/schema#',
			'title'      => 'arshline-submission-file',
			'type'       => 'object',
			'properties' => array(
				'name' => self::readonly_property( 'string' ),
				'mime' => self::readonly_property( 'string' ),
				'size' => self::readonly_property( 'integer' ),
			),
		);
	}

	/**
	 * The list: the form and the filters.
	 *
	 * @return array
	 */
	public function list_args() {
		return array( 'id' => self::id_arg( __( 'The form id.', 'arshline-sidecar' ) ) ) + $this->get_collection_params();
	}

	/**
	 * An erasure: the form and the ids.
	 *
	 * @return array
	 */
	public function ids_args() {
		return array(
			'id'  => self::id_arg( __( 'The form id.', 'arshline-sidecar' ) ),
			'ids' => $this->ids_arg(),
		);
	}

	/**
	 * A status change: the form, the ids and the status.
	 *
	 * @return array
	 */
	public function status_args() {
		return $this->ids_args() + array(
			'status' => array(
				'description' => __( 'The status to give the submissions.', 'arshline-sidecar' ),
				'type'        => 'string',
				'enum'        => self::STATUSES,
				'required'    => true,
			),
		);
	}

	/**
	 * One submission: the form and its id.
	 *
	 * @return array
	 */
	public function item_args() {
		return array(
			'id'  => self::id_arg( __( 'The form id.', 'arshline-sidecar' ) ),
			'sid' => self::id_arg( __( 'The submission id.', 'arshline-sidecar' ) ),
		);
	}

	/**
	 * One file of a submission.
	 *
	 * @return array
	 */
	public function file_args() {
		return $this->item_args() + array(
			'upload_id' => array(
				'description' => __( 'The file\'s upload id.', 'arshline-sidecar' ),
				'type'        => 'string',
				'pattern'     => '^' . self::UPLOAD_ID . '$',
				'required'    => true,
			),
		);
	}
}
