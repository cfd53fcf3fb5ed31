<?php
/**
 * The model section of the settings page against a real arshlined and
 * the loopback fake model: test, save, refuse, clear; the key never
 * comes back.
 *
 * Runs on the real WordPress, in its own process.
 *
 * @package Arshline_Sidecar
 */

/**
 * Arshline_Sidecar_Model_Settings::act().
 *
 * @runTestsInSeparateProcesses
 * @preserveGlobalState disabled
 */
final class ModelSettingsTest extends Arshline_WP_Test_Case {

	public function test_test_save_refuse_and_clear() {
		self::use_daemon( Arshline_Test_Processes::daemon( 'model-settings' ) );
		self::login_with_caps( array( 'manage_options', Arshline_Sidecar_Plugin::CAP ) );
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
		self::login_with_caps( array( Arshline_Sidecar_Plugin::CAP ) );
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
