<?php
/**
 * Shared assertions of the client tests.
 *
 * @package Arshline_Sidecar
 */

use PHPUnit\Framework\TestCase;

/**
 * Base class: actors and WP_Error assertions.
 */
abstract class Arshline_Test_Case extends TestCase {

	/**
	 * An actor as the plugin sends it.
	 *
	 * @param string[] $caps    Capabilities.
	 * @param string   $locale  fa_IR or en_US.
	 * @param int      $user_id WordPress user id.
	 * @param int      $site_id WordPress site (blog) id.
	 * @return array
	 */
	protected static function actor( array $caps = array( 'manage_options' ), $locale = 'fa_IR', $user_id = 1, $site_id = 1 ) {
		return array(
			'user_id' => $user_id,
			'caps'    => $caps,
			'locale'  => $locale,
			'site_id' => $site_id,
		);
	}

	/**
	 * Asserts a WP_Error with a code and an HTTP status, and returns its data.
	 *
	 * @param mixed  $result   A call's result.
	 * @param string $domain   Expected domain code (data.error).
	 * @param int    $status   Expected HTTP status.
	 * @return array
	 */
	protected function assertCallFailed( $result, $domain, $status ) {
		$this->assertInstanceOf( WP_Error::class, $result, 'expected a WP_Error, got ' . var_export( $result, true ) );
		$data = $result->get_error_data();
		$this->assertIsArray( $data );
		$this->assertSame( $domain, $data['error'], 'domain code; message: ' . $result->get_error_message() );
		$this->assertSame( Arshline_Sidecar_Errors::wp_code( $domain ), $result->get_error_code() );
		$this->assertSame( $status, $data['status'] );
		$this->assertNotSame( '', $result->get_error_message() );
		return $data;
	}

	/**
	 * Asserts that text is mostly Persian script.
	 *
	 * @param string $text Text.
	 */
	protected function assertPersian( $text ) {
		$this->assertMatchesRegularExpression( '/[\x{0600}-\x{06FF}]/u', $text, "not Persian: $text" );
	}
}
