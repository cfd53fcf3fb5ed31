<?php
/**
 * The model section of the settings page: the OpenAI-compatible server
 * (Ollama, vLLM, llama.cpp, a provider) the daemon asks, tried and saved
 * from WordPress. The daemon keeps the settings and the key; WordPress
 * stores neither, and the key never comes back to the browser.
 *
 * @package Arshline_Sidecar
 */

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * Model settings: a plain form posted to admin-post.php (it works without
 * JavaScript), answered by model.probe or model.configure.
 */
final class Arshline_Sidecar_Model_Settings {

	const ACTION = 'arshline_sidecar_model';

	/**
	 * Hooks the form's handler.
	 */
	public static function boot() {
		add_action( 'admin_post_' . self::ACTION, array( __CLASS__, 'handle_post' ) );
	}

	/**
	 * The transient holding the outcome of the current user's last test or
	 * save, shown once after the redirect.
	 *
	 * @return string
	 */
	private static function notice_key() {
		return 'arshline_sidecar_model_' . get_current_user_id();
	}

	/**
	 * Handles the form: checks the capability and nonce, asks the daemon,
	 * keeps the outcome for the page and goes back to it.
	 */
	public static function handle_post() {
		if ( ! current_user_can( 'manage_options' ) ) {
			wp_die( esc_html__( 'Sorry, only administrators can use Arshline AI.', 'arshline-sidecar' ), 403 );
		}
		check_admin_referer( self::ACTION );
		// phpcs:ignore WordPress.Security.NonceVerification.Missing -- checked just above.
		$input = wp_unslash( $_POST );
		set_transient( self::notice_key(), self::act( is_array( $input ) ? $input : array() ), 10 * MINUTE_IN_SECONDS );
		wp_safe_redirect( admin_url( 'admin.php?page=' . Arshline_Sidecar_Admin::SETTINGS_PAGE . '#arsh-model' ) );
		exit;
	}

	/**
	 * Runs what the form asked: "test" (model.probe), "save"
	 * (model.configure) or "clear" (back to the service's own settings).
	 *
	 * @param array $input The posted fields.
	 * @return array The outcome: what, ok, and the daemon's answer or error.
	 */
	public static function act( array $input ) {
		$do     = isset( $input['do'] ) && is_string( $input['do'] ) ? $input['do'] : '';
		$params = array(
			'base_url' => isset( $input['base_url'] ) && is_string( $input['base_url'] ) ? trim( sanitize_text_field( $input['base_url'] ) ) : '',
			'model'    => isset( $input['model'] ) && is_string( $input['model'] ) ? trim( sanitize_text_field( $input['model'] ) ) : '',
		);
		if ( ! empty( $input['allow_http_host'] ) ) {
			$params['allow_http_host'] = true;
		}
		// An empty key field keeps the key the daemon holds; the box
		// removes it (a server that needs none).
		$key = isset( $input['api_key'] ) && is_string( $input['api_key'] ) ? trim( $input['api_key'] ) : '';
		if ( '' !== $key ) {
			$params['api_key'] = $key;
		} elseif ( ! empty( $input['no_key'] ) ) {
			$params['api_key'] = '';
		}
		switch ( $do ) {
			case 'test':
				$result = Arshline_Sidecar_Plugin::call( 'model.probe', $params, 40.0 );
				break;
			case 'save':
				$result = Arshline_Sidecar_Plugin::call( 'model.configure', $params, 10.0 );
				break;
			case 'clear':
				$result = Arshline_Sidecar_Plugin::call( 'model.configure', array( 'clear' => true ), 10.0 );
				break;
			default:
				return array(
					'do' => $do,
					'ok' => false,
				);
		}
		if ( is_wp_error( $result ) ) {
			return array(
				'do'      => $do,
				'ok'      => false,
				'message' => $result->get_error_message(),
			);
		}
		$result = json_decode( wp_json_encode( $result ), true );
		return array(
			'do'     => $do,
			'ok'     => 'test' !== $do || ! empty( $result['ok'] ),
			'result' => $result,
			'tried'  => array(
				'base_url' => $params['base_url'],
				'model'    => $params['model'],
			),
		);
	}

	/**
	 * The section of the settings page.
	 */
	public static function render() {
		if ( ! current_user_can( 'manage_options' ) ) {
			return;
		}
		$info   = Arshline_Sidecar_Plugin::call( 'model.get', array(), 3.0 );
		$info   = is_wp_error( $info ) ? array() : json_decode( wp_json_encode( $info ), true );
		$notice = get_transient( self::notice_key() );
		delete_transient( self::notice_key() );
		$tried  = is_array( $notice ) && isset( $notice['tried'] ) ? $notice['tried'] : array();
		$url    = isset( $tried['base_url'] ) && '' !== $tried['base_url'] ? $tried['base_url'] : ( isset( $info['base_url'] ) ? $info['base_url'] : '' );
		$model  = isset( $tried['model'] ) && '' !== $tried['model'] ? $tried['model'] : ( isset( $info['model'] ) ? $info['model'] : '' );
		$models = array();
		if ( is_array( $notice ) && isset( $notice['result']['status']['models'] ) && is_array( $notice['result']['status']['models'] ) ) {
			$models = $notice['result']['status']['models'];
		} elseif ( isset( $info['status']['models'] ) && is_array( $info['status']['models'] ) ) {
			$models = $info['status']['models'];
		}

		echo '<h2 id="arsh-model">' . esc_html__( 'Model server', 'arshline-sidecar' ) . '</h2>';
		echo '<p>' . esc_html__( 'Hosha2 and the planner\'s model mode use any OpenAI-compatible server: Ollama, vLLM or llama.cpp on this server or your network, or a provider. Everything else works without one.', 'arshline-sidecar' ) . '</p>';
		echo '<p id="arsh-model-current">';
		if ( empty( $info['configured'] ) ) {
			esc_html_e( 'No model is configured.', 'arshline-sidecar' );
		} else {
			echo esc_html(
				sprintf(
					/* translators: 1: model name, 2: server address. */
					__( 'In use: %1$s at %2$s.', 'arshline-sidecar' ),
					$info['model'],
					$info['base_url']
				)
			);
			if ( isset( $info['source'] ) && 'flags' === $info['source'] ) {
				echo ' ' . esc_html__( '(from the service\'s own settings)', 'arshline-sidecar' );
			}
		}
		echo '</p>';
		if ( is_array( $notice ) ) {
			self::render_notice( $notice );
		}

		echo '<form method="post" action="' . esc_url( admin_url( 'admin-post.php' ) ) . '">';
		echo '<input type="hidden" name="action" value="' . esc_attr( self::ACTION ) . '" />';
		wp_nonce_field( self::ACTION );
		echo '<table class="form-table" role="presentation"><tbody>';
		echo '<tr><th scope="row"><label for="arsh-model-url">' . esc_html__( 'Server address', 'arshline-sidecar' ) . '</label></th><td>';
		echo '<input type="url" class="regular-text code" dir="ltr" id="arsh-model-url" name="base_url" value="' . esc_attr( $url ) . '" placeholder="http://127.0.0.1:11434/v1" />';
		echo '<p class="description">' . esc_html__( 'The address ending in /v1. Use https, or http only on this server or to a host you allow below.', 'arshline-sidecar' ) . '</p></td></tr>';
		echo '<tr><th scope="row"><label for="arsh-model-name">' . esc_html__( 'Model', 'arshline-sidecar' ) . '</label></th><td>';
		echo '<input type="text" class="regular-text code" dir="ltr" id="arsh-model-name" name="model" list="arsh-model-list" value="' . esc_attr( $model ) . '" />';
		echo '<datalist id="arsh-model-list">';
		foreach ( $models as $id ) {
			if ( is_string( $id ) ) {
				echo '<option value="' . esc_attr( $id ) . '"></option>';
			}
		}
		echo '</datalist>';
		echo '<p class="description">' . esc_html__( 'Test the connection to choose from the models the server lists.', 'arshline-sidecar' ) . '</p></td></tr>';
		echo '<tr><th scope="row"><label for="arsh-model-key">' . esc_html__( 'API key', 'arshline-sidecar' ) . '</label></th><td>';
		echo '<input type="password" class="regular-text" dir="ltr" id="arsh-model-key" name="api_key" value="" autocomplete="new-password" />';
		echo '<p class="description">' . esc_html(
			! empty( $info['key_set'] )
				? __( 'A key is saved; it is never shown. Leave this empty to keep it.', 'arshline-sidecar' )
				: __( 'Leave empty for a server that needs no key (Ollama, llama.cpp).', 'arshline-sidecar' )
		) . '</p>';
		echo '<label><input type="checkbox" name="no_key" value="1" /> ' . esc_html__( 'Send no key', 'arshline-sidecar' ) . '</label></td></tr>';
		echo '<tr><th scope="row">' . esc_html__( 'Plain http', 'arshline-sidecar' ) . '</th><td>';
		echo '<label><input type="checkbox" name="allow_http_host" value="1" ' . checked( ! empty( $info['allow_http_host'] ), true, false ) . ' /> ' . esc_html__( 'Allow plain http to this host on my network (prompts, forms and the key travel unencrypted)', 'arshline-sidecar' ) . '</label></td></tr>';
		echo '</tbody></table>';
		echo '<p class="submit">';
		echo '<button type="submit" class="button" name="do" value="test">' . esc_html__( 'Test connection', 'arshline-sidecar' ) . '</button> ';
		echo '<button type="submit" class="button button-primary" name="do" value="save">' . esc_html__( 'Save the model', 'arshline-sidecar' ) . '</button> ';
		if ( isset( $info['source'] ) && 'admin' === $info['source'] ) {
			echo '<button type="submit" class="button" name="do" value="clear">' . esc_html__( 'Use the service\'s own settings', 'arshline-sidecar' ) . '</button>';
		}
		echo '</p></form>';
	}

	/**
	 * Shows the outcome of the last test or save.
	 *
	 * @param array $notice The outcome act() returned.
	 */
	private static function render_notice( array $notice ) {
		$class = ! empty( $notice['ok'] ) ? 'notice-success' : 'notice-error';
		echo '<div class="notice ' . esc_attr( $class ) . ' inline" id="arsh-model-notice" role="status"><p>';
		if ( isset( $notice['message'] ) ) {
			echo esc_html( $notice['message'] );
		} elseif ( 'test' === $notice['do'] ) {
			$status = isset( $notice['result']['status'] ) ? $notice['result']['status'] : array();
			if ( ! empty( $notice['ok'] ) ) {
				esc_html_e( 'The server answered and returns structured output.', 'arshline-sidecar' );
			} else {
				$error = isset( $notice['result']['error'] ) ? $notice['result']['error'] : array();
				$text  = Arshline_Sidecar_Plugin::is_rtl() ? ( isset( $error['message_fa'] ) ? $error['message_fa'] : '' ) : ( isset( $error['message_en'] ) ? $error['message_en'] : '' );
				echo esc_html( '' !== $text ? $text : __( 'The server could not be used.', 'arshline-sidecar' ) );
			}
			echo '</p><ul>';
			$yes = __( 'yes', 'arshline-sidecar' );
			$no  = __( 'no', 'arshline-sidecar' );
			echo '<li>' . esc_html__( 'Reachable:', 'arshline-sidecar' ) . ' ' . esc_html( ! empty( $status['reachable'] ) ? $yes : $no ) . '</li>';
			if ( isset( $status['model_listed'] ) ) {
				echo '<li>' . esc_html__( 'The server lists this model:', 'arshline-sidecar' ) . ' ' . esc_html( $status['model_listed'] ? $yes : $no ) . '</li>';
			}
			if ( isset( $status['structured'] ) ) {
				echo '<li>' . esc_html__( 'Structured output:', 'arshline-sidecar' ) . ' <code>' . esc_html( $status['structured'] ) . '</code></li>';
			}
			if ( ! empty( $status['context_tokens'] ) ) {
				echo '<li>' . esc_html__( 'Context window (tokens):', 'arshline-sidecar' ) . ' ' . esc_html( number_format_i18n( (int) $status['context_tokens'] ) ) . '</li>';
			}
			echo '</ul><p>';
		} elseif ( 'clear' === $notice['do'] ) {
			esc_html_e( 'The service\'s own model settings apply again.', 'arshline-sidecar' );
		} else {
			esc_html_e( 'The model is saved and in use.', 'arshline-sidecar' );
		}
		echo '</p></div>';
	}
}
