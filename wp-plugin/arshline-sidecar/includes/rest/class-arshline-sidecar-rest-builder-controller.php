<?php
/**
 * arshline/v1 routes of the form builder: the document schema the builder
 * edits against, and saving a whole document as one new version.
 *
 * @package Arshline_Sidecar
 */

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * GET /forms/schema (forms.schema), POST /forms/{id}/document (forms.update)
 * and GET /forms/{id}/answers-info (how many answers, and the last one's time).
 */
class Arshline_Sidecar_REST_Builder_Controller extends Arshline_Sidecar_REST_Controller {

	/**
	 * Sets the namespace and base.
	 */
	public function __construct() {
		$this->namespace = Arshline_Sidecar_Rest::NS;
		$this->rest_base = 'forms';
	}

	/**
	 * GET /forms/{id}/answers-info: {count, last_answer_at} of one form,
	 * asked for lazily, row by row, by the forms list. The last answer is
	 * the newest of submissions.list (one row); the count is
	 * results.summary's total, null when the daemon cannot tell it.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response
	 */
	public function get_answers_info( $request ) {
		$id   = (int) $request['id'];
		$page = Arshline_Sidecar_Plugin::call(
			'submissions.list',
			array(
				'form_id' => $id,
				'limit'   => 1,
			)
		);
		if ( is_wp_error( $page ) ) {
			return $this->respond( $page );
		}
		$items = isset( $page->items ) && is_array( $page->items ) ? $page->items : array();
		$last  = $items && isset( $items[0]->created_at ) ? (string) $items[0]->created_at : null;
		$count = $items ? null : 0;
		if ( $items ) {
			$summary = Arshline_Sidecar_Plugin::call( 'results.summary', array( 'form_id' => $id ) );
			if ( ! is_wp_error( $summary ) && isset( $summary->total ) && is_numeric( $summary->total ) ) {
				$count = (int) $summary->total;
			}
		}
		return new WP_REST_Response(
			array(
				'count'          => $count,
				'last_answer_at' => $last,
			),
			200
		);
	}

	/**
	 * Saving: administrators only, as every route.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return true|WP_Error
	 */
	public function update_item_permissions_check( $request ) {
		return $this->admin_permissions_check( $request );
	}

	/**
	 * GET /forms/schema: the JSON Schema of arshline_form@v1, as the daemon
	 * serves it.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response
	 */
	public function get_document_schema( $request ) {
		unset( $request );
		return $this->respond( Arshline_Sidecar_Plugin::call( 'forms.schema' ) );
	}

	/**
	 * POST /forms/{id}/document {document?, title?, expected_version_id?}:
	 * one new version (forms.update). The document is read from the JSON
	 * body as objects so that {} stays {}; the daemon validates it
	 * (SCHEMA_INVALID with violations) and refuses a stale
	 * expected_version_id (CONFLICT).
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response
	 */
	public function update_item( $request ) {
		$body   = self::json_object( $request );
		$params = array( 'id' => (int) $request['id'] );
		if ( property_exists( $body, 'document' ) ) {
			if ( ! is_object( $body->document ) ) {
				return self::local_error( 'rest_invalid_param', __( 'document must be a JSON object.', 'arshline-sidecar' ), 400 );
			}
			$params['document'] = $body->document;
		}
		if ( null !== $request['title'] ) {
			$params['title'] = (string) $request['title'];
		}
		if ( ! isset( $params['document'] ) && ! isset( $params['title'] ) ) {
			return self::local_error( 'rest_missing_callback_param', __( 'Send a document or a title.', 'arshline-sidecar' ), 400 );
		}
		if ( null !== $request['expected_version_id'] ) {
			$params['expected_version_id'] = (int) $request['expected_version_id'];
		}
		return $this->respond( Arshline_Sidecar_Plugin::call( 'forms.update', $params ) );
	}

	/**
	 * A form with the version the save wrote.
	 *
	 * @return array
	 */
	public function get_item_schema() {
		if ( $this->schema ) {
			return $this->schema;
		}
		$this->schema = array(
			'$schema'    => 'http://json-schema.org/draft-04/schema#',
			'title'      => 'arshline-form-document',
			'type'       => 'object',
			'properties' => array(
				'form'           => self::readonly_property( 'object' ),
				'version'        => self::readonly_property( 'object' ),
				'count'          => self::readonly_property( array( 'integer', 'null' ) ),
				'last_answer_at' => self::readonly_property( array( 'string', 'null' ) ),
			),
		);
		return $this->schema;
	}

	/**
	 * The arguments of a save.
	 *
	 * @return array
	 */
	public function document_args() {
		return array(
			'id'                  => self::id_arg( __( 'The form id.', 'arshline-sidecar' ), false ),
			'expected_version_id' => array(
				'description' => __( 'The version the editor loaded: the save is refused with CONFLICT when the form has changed since.', 'arshline-sidecar' ),
				'type'        => 'integer',
				'minimum'     => 1,
			),
			'title'               => array(
				'description' => __( 'The form\'s new title.', 'arshline-sidecar' ),
				'type'        => 'string',
			),
			'document'            => array(
				'description' => __( 'The whole arshline_form@v1 document.', 'arshline-sidecar' ),
				'type'        => 'object',
			),
		);
	}

	/**
	 * POST /forms/{id}/preview {document, title?}: the document as the
	 * public form shows it to visitors, by the public form's own renderer
	 * (Arshline_Sidecar_Public_Renderer), with the public stylesheet and
	 * script to show it with. Nothing is saved and nothing is sent to the
	 * daemon: the preview of a document being edited. Answers {html, style
	 * (the public stylesheet's text), base (the build directory's address),
	 * script, dir, lang}.
	 *
	 * @param WP_REST_Request $request The request.
	 * @return WP_REST_Response
	 */
	public function preview( $request ) {
		$raw = self::json_object( $request );
		if ( ! isset( $raw->document ) || ! is_object( $raw->document ) ) {
			return self::local_error( 'rest_invalid_param', __( 'document must be a JSON object.', 'arshline-sidecar' ), 400 );
		}
		// The renderer reads arrays, as forms.public's decoded answer.
		$body     = json_decode( (string) $request->get_body(), true );
		$form     = array(
			'token'      => 'preview',
			'title'      => isset( $body['title'] ) && is_string( $body['title'] ) ? $body['title'] : '',
			'locale'     => Arshline_Sidecar_Plugin::locale(),
			'document'   => $body['document'],
			'form_token' => '',
		);
		$renderer = new Arshline_Sidecar_Public_Renderer( $form );
		$base     = plugin_dir_url( ARSHLINE_SIDECAR_FILE ) . 'build/';
		$asset    = require ARSHLINE_SIDECAR_DIR . 'build/public.asset.php';
		$version  = rawurlencode( (string) $asset['version'] );
		// The stylesheet's text rather than its address: the preview's frame
		// has no origin, and a tool reading its styles (a screen reader's
		// helper, axe) could not fetch them from the site.
		$css = (string) file_get_contents( ARSHLINE_SIDECAR_DIR . 'build/' . ( Arshline_Sidecar_Plugin::is_rtl() ? 'public-rtl.css' : 'public.css' ) ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- the plugin's own file.
		return new WP_REST_Response(
			array(
				'html'   => $renderer->render( array( 'action' => '' ) ),
				'style'  => $css,
				'base'   => $base,
				'script' => $base . 'public.js?ver=' . $version,
				'dir'    => Arshline_Sidecar_Plugin::is_rtl() ? 'rtl' : 'ltr',
				'lang'   => Arshline_Sidecar_Plugin::is_rtl() ? 'fa' : 'en',
			),
			200
		);
	}

	/**
	 * The arguments of a preview.
	 *
	 * @return array
	 */
	public function preview_args() {
		return array(
			'id'       => self::id_arg( __( 'The form id.', 'arshline-sidecar' ), false ),
			'title'    => array(
				'description' => __( 'The form\'s title as being edited.', 'arshline-sidecar' ),
				'type'        => 'string',
			),
			'document' => array(
				'description' => __( 'The whole arshline_form@v1 document as being edited.', 'arshline-sidecar' ),
				'type'        => 'object',
				'required'    => true,
			),
		);
	}
}
