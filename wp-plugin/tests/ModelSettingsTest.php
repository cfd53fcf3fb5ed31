<?php
/**
 * The model section of the settings page against a real arshlined and
 * the loopback fake model: test, save, refuse, clear; the key never
 * comes back.
 *
 * Runs in its own process: it defines WordPress functions.
 *
 * @package Arshline_Sidecar
 *
 * @runTestsInSeparateProcesses
 * @preserveGlobalState disabled
 */

/**
 * Arshline_Sidecar_Model_Settings::act().
 */
final class ModelSettingsTest extends Arshline_Test_Case {

	public function test_test_save_refuse_and_clear() {
		require_once __DIR__ . '/lib/wp-rest-harness.php';
		define( 'ARSHLINE_SIDECAR_SOCKET', Arshline_Test_Processes::daemon( 'model-settings' ) );
		// phpcs:disable Squiz.Commenting.FunctionComment.Missing
		function get_current_user_id() {
			return 1;
		}
		function get_current_blog_id() {
			return 1;
		}
		function get_option( $name, $fallback = false ) {
			return $fallback;
		}
		function set_transient( $key, $value, $ttl ) {
			return true;
		}
		function delete_transient( $key ) {
			return true;
		}
		function get_transient( $key ) {
			return false;
		}
		function sanitize_text_field( $text ) {
			return trim( (string) $text );
		}
		function wp_json_encode( $value ) {
			return json_encode( $value );
		}
		// phpcs:enable
		require_once dirname( __DIR__ ) . '/arshline-sidecar/includes/class-arshline-sidecar-plugin.php';
		require_once dirname( __DIR__ ) . '/arshline-sidecar/includes/class-arshline-sidecar-model-settings.php';
		Arshline_Test_WP::$caps = array( 'manage_options', 'manage_arshline_forms' );
		$url = 'http://127.0.0.1:' . Arshline_Test_Processes::fake_model() . '/v1';

		// The fake wants a key: a test without one says so, in Persian.
		$keyless = Arshline_Sidecar_Model_Settings::act(
			array(
				'do'       => 'test',
				'base_url' => $url,
				'model'    => 'fake-model',
			)
		);
		$this->assertFalse( $keyless['ok'] );
		$this->assertSame( 'invalid_key', $keyless['result']['error']['cause'] );
		$this->assertPersian( $keyless['result']['error']['message_fa'] );

		$tested = Arshline_Sidecar_Model_Settings::act(
			array(
				'do'       => 'test',
				'base_url' => $url,
				'model'    => 'fake-model',
				'api_key'  => 'sk-test-not-a-real-key',
			)
		);
		$this->assertTrue( $tested['ok'], wp_json_encode( $tested ) );
		$this->assertContains( 'fake-model', $tested['result']['status']['models'] );
		$info = json_decode( wp_json_encode( Arshline_Sidecar_Plugin::call( 'model.get' ) ), true );
		$this->assertFalse( $info['configured'], 'a test configured the model' );

		$saved = Arshline_Sidecar_Model_Settings::act(
			array(
				'do'       => 'save',
				'base_url' => $url,
				'model'    => 'fake-model',
				'api_key'  => 'sk-from-wordpress-1234',
			)
		);
		$this->assertTrue( $saved['ok'], wp_json_encode( $saved ) );
		$this->assertStringNotContainsString( 'sk-from-wordpress', wp_json_encode( $saved ) );
		$info = json_decode( wp_json_encode( Arshline_Sidecar_Plugin::call( 'model.get' ) ), true );
		$this->assertTrue( $info['configured'] && $info['key_set'] && 'admin' === $info['source'], wp_json_encode( $info ) );

		// Plain http to a LAN host without allowing it: refused, in Persian.
		$refused = Arshline_Sidecar_Model_Settings::act(
			array(
				'do'       => 'save',
				'base_url' => 'http://10.1.2.3:11434/v1',
				'model'    => 'qwen',
			)
		);
		$this->assertFalse( $refused['ok'] );
		$this->assertPersian( $refused['message'] );
		$info = json_decode( wp_json_encode( Arshline_Sidecar_Plugin::call( 'model.get' ) ), true );
		$this->assertSame( $url, $info['base_url'], 'a refused save changed the model' );

		$cleared = Arshline_Sidecar_Model_Settings::act( array( 'do' => 'clear' ) );
		$this->assertTrue( $cleared['ok'] );
		$this->assertFalse( $cleared['result']['configured'] );

		// Without manage_options the daemon refuses.
		Arshline_Test_WP::$caps = array( 'manage_arshline_forms' );
		$forbidden = Arshline_Sidecar_Model_Settings::act(
			array(
				'do'       => 'save',
				'base_url' => $url,
				'model'    => 'fake-model',
			)
		);
		$this->assertFalse( $forbidden['ok'] );
	}
}
