<?php
/**
 * A minimal WP_Error and is_wp_error() for running the socket client
 * outside WordPress (php-cli scripts and the unit tests).
 *
 * Loaded only when WordPress is absent: inside WordPress the real classes
 * exist and this file defines nothing.
 *
 * @package Arshline_Sidecar
 */

if ( ! class_exists( 'WP_Error', false ) ) {
	/**
	 * The subset of WordPress's WP_Error the client uses.
	 */
	class WP_Error { // phpcs:ignore Generic.Files.OneObjectStructurePerFile.MultipleFound
		/**
		 * Messages by error code.
		 *
		 * @var array<string|int, string[]>
		 */
		public $errors = array();

		/**
		 * Data by error code.
		 *
		 * @var array<string|int, mixed>
		 */
		public $error_data = array();

		/**
		 * Creates an error.
		 *
		 * @param string|int $code    Error code.
		 * @param string     $message Error message.
		 * @param mixed      $data    Error data.
		 */
		public function __construct( $code = '', $message = '', $data = '' ) {
			if ( '' === $code ) {
				return;
			}
			$this->add( $code, $message, $data );
		}

		/**
		 * Adds a message (and data) under a code.
		 *
		 * @param string|int $code    Error code.
		 * @param string     $message Error message.
		 * @param mixed      $data    Error data.
		 */
		public function add( $code, $message, $data = '' ) {
			$this->errors[ $code ][] = $message;
			if ( '' !== $data ) {
				$this->error_data[ $code ] = $data;
			}
		}

		/**
		 * All error codes.
		 *
		 * @return array<int, string|int>
		 */
		public function get_error_codes() {
			return array_keys( $this->errors );
		}

		/**
		 * The first error code.
		 *
		 * @return string|int
		 */
		public function get_error_code() {
			$codes = $this->get_error_codes();
			return $codes ? $codes[0] : '';
		}

		/**
		 * The first message of a code.
		 *
		 * @param string|int $code Error code; the first one when empty.
		 * @return string
		 */
		public function get_error_message( $code = '' ) {
			if ( '' === $code ) {
				$code = $this->get_error_code();
			}
			return isset( $this->errors[ $code ][0] ) ? $this->errors[ $code ][0] : '';
		}

		/**
		 * The data of a code.
		 *
		 * @param string|int $code Error code; the first one when empty.
		 * @return mixed
		 */
		public function get_error_data( $code = '' ) {
			if ( '' === $code ) {
				$code = $this->get_error_code();
			}
			return isset( $this->error_data[ $code ] ) ? $this->error_data[ $code ] : null;
		}

		/**
		 * Every data of a code (WordPress keeps earlier data too; here only
		 * the last), as rest_convert_error_to_response() reads it.
		 *
		 * @param string|int $code Error code (the first when empty).
		 * @return array
		 */
		public function get_all_error_data( $code = '' ) {
			$data = $this->get_error_data( $code );
			return null === $data ? array() : array( $data );
		}

		/**
		 * The messages of a code, or every message.
		 *
		 * @param string|int $code Error code; every code's when empty.
		 * @return string[]
		 */
		public function get_error_messages( $code = '' ) {
			if ( '' === $code ) {
				return $this->errors ? array_merge( ...array_values( $this->errors ) ) : array();
			}
			return isset( $this->errors[ $code ] ) ? $this->errors[ $code ] : array();
		}

		/**
		 * Whether any error was added.
		 *
		 * @return bool
		 */
		public function has_errors() {
			return ! empty( $this->errors );
		}
	}
}

if ( ! function_exists( 'is_wp_error' ) ) {
	/**
	 * Whether a value is a WP_Error.
	 *
	 * @param mixed $thing Any value.
	 * @return bool
	 */
	function is_wp_error( $thing ) {
		return $thing instanceof WP_Error;
	}
}
