<?php
/**
 * Admin screens: the «ارشلاین هوشمند» page, its settings and the notice
 * shown while the daemon cannot be reached.
 *
 * @package Arshline_Sidecar
 */

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * Admin menu, page, settings and notices.
 */
final class Arshline_Sidecar_Admin {

	const PAGE          = 'arshline-sidecar';
	const NEW_PAGE      = 'arshline-sidecar-new';
	const FORM_PAGE     = 'arshline-sidecar-form';
	const AI_PAGE       = 'arshline-sidecar-ai';
	const SETTINGS_PAGE = 'arshline-sidecar-settings';
	const SCRIPT        = 'arshline-sidecar-admin';
	const SOCKET_MAX    = 107;
	const TEST_ACTION   = 'arshline_sidecar_test_socket';

	/**
	 * Hook suffixes of the plugin's pages: forms, new, form, ai, settings.
	 *
	 * @var array<string, string>
	 */
	private static $hooks = array();

	/**
	 * The connection diagnosis the settings page shows, made when it loads.
	 *
	 * @var array|null
	 */
	private static $diagnosis = null;


	/**
	 * Hooks the admin side.
	 */
	public static function boot() {
		add_action( 'admin_menu', array( __CLASS__, 'menu' ) );
		Arshline_Sidecar_Model_Settings::boot();
		add_action( 'admin_init', array( __CLASS__, 'register_settings' ) );
		add_action( 'admin_enqueue_scripts', array( __CLASS__, 'enqueue' ) );
		add_action( 'admin_notices', array( __CLASS__, 'notice' ) );
		add_action( 'admin_notices', array( __CLASS__, 'version_notice' ) );
		add_action( 'admin_post_' . self::TEST_ACTION, array( __CLASS__, 'handle_test' ) );
		// A new socket path makes what was known of the old one wrong.
		add_action( 'update_option_' . Arshline_Sidecar_Plugin::OPTION_SOCKET, array( __CLASS__, 'forget_daemon' ) );
		add_action( 'add_option_' . Arshline_Sidecar_Plugin::OPTION_SOCKET, array( __CLASS__, 'forget_daemon' ) );
		Arshline_Sidecar_Site_Health::boot();
		add_filter( 'plugin_action_links_' . plugin_basename( ARSHLINE_SIDECAR_FILE ), array( __CLASS__, 'action_links' ) );
	}

	/**
	 * Adds the menu: Forms, New form, AI commands and Settings, one page
	 * per task, and a form's own screen, reached from the forms list.
	 */
	public static function menu() {
		$cap  = Arshline_Sidecar_Plugin::CAP;
		$main = (string) add_menu_page(
			__( 'Arshline AI', 'arshline-sidecar' ),
			__( 'Arshline AI', 'arshline-sidecar' ),
			$cap,
			self::PAGE,
			array( __CLASS__, 'render_forms' ),
			'dashicons-forms',
			58
		);
		self::$hooks = array(
			'forms'    => (string) add_submenu_page( self::PAGE, __( 'Forms', 'arshline-sidecar' ), __( 'Forms', 'arshline-sidecar' ), $cap, self::PAGE, array( __CLASS__, 'render_forms' ) ),
			'new'      => (string) add_submenu_page( self::PAGE, __( 'New form', 'arshline-sidecar' ), __( 'New form', 'arshline-sidecar' ), $cap, self::NEW_PAGE, array( __CLASS__, 'render_new' ) ),
			'form'     => (string) add_submenu_page( self::PAGE, __( 'Form', 'arshline-sidecar' ), __( 'Form', 'arshline-sidecar' ), $cap, self::FORM_PAGE, array( __CLASS__, 'render_form' ) ),
			'ai'       => (string) add_submenu_page( self::PAGE, __( 'AI commands', 'arshline-sidecar' ), __( 'AI commands', 'arshline-sidecar' ), $cap, self::AI_PAGE, array( __CLASS__, 'render_ai' ) ),
			'settings' => (string) add_submenu_page( self::PAGE, __( 'Arshline AI settings', 'arshline-sidecar' ), __( 'Settings', 'arshline-sidecar' ), 'manage_options', self::SETTINGS_PAGE, array( __CLASS__, 'render_settings' ) ),
		);
		if ( '' === self::$hooks['forms'] ) {
			self::$hooks['forms'] = $main;
		}
		// A form's screen is opened from the list, not the menu: its item
		// leaves the menu only once WordPress has checked access to the page
		// and read its title from the menu (admin_head comes after both).
		add_action( 'admin_head', array( __CLASS__, 'hide_form_item' ) );
		add_filter( 'submenu_file', array( __CLASS__, 'submenu_file' ), 10, 2 );
		foreach ( array( 'forms', 'form', 'ai' ) as $page ) {
			add_action( 'load-' . self::$hooks[ $page ], array( __CLASS__, 'check_health' ) );
		}
		if ( '' !== self::$hooks['settings'] ) {
			add_action( 'load-' . self::$hooks['settings'], array( __CLASS__, 'diagnose_on_load' ) );
		}
	}

	/**
	 * Marks Forms as the current menu item on a form's screen.
	 *
	 * @param string|null $submenu_file The current submenu item.
	 * @param string      $parent_file  The current menu.
	 * @return string|null
	 */
	public static function submenu_file( $submenu_file, $parent_file ) {
		unset( $parent_file );
		global $plugin_page;
		return self::FORM_PAGE === $plugin_page ? self::PAGE : $submenu_file;
	}

	/**
	 * Takes a form's screen out of the menu.
	 */
	public static function hide_form_item() {
		remove_submenu_page( self::PAGE, self::FORM_PAGE );
	}

	/**
	 * Diagnoses the socket when the settings page loads (after a save too),
	 * before the notices print: the unavailable notice then speaks of the
	 * path just saved, as it is now. The "Test connection" button's own
	 * result is shown instead when the page is its answer.
	 */
	public static function diagnose_on_load() {
		$key    = self::test_key();
		$tested = get_transient( $key );
		if ( is_array( $tested ) && isset( $tested['socket'] ) && Arshline_Sidecar_Plugin::socket_path() === $tested['socket'] ) {
			delete_transient( $key );
			self::$diagnosis = $tested;
			return;
		}
		self::$diagnosis = Arshline_Sidecar_Diagnostics::probe( Arshline_Sidecar_Plugin::socket_path(), true );
	}

	/**
	 * The transient holding the current user's last connection test.
	 *
	 * @return string
	 */
	private static function test_key() {
		return 'arshline_sidecar_socket_test_' . get_current_user_id();
	}

	/**
	 * The "Test connection" button: diagnoses the socket, keeps the result
	 * for the page and goes back to it.
	 */
	public static function handle_test() {
		if ( ! current_user_can( 'manage_options' ) ) {
			wp_die( esc_html__( 'Sorry, only administrators can use Arshline AI.', 'arshline-sidecar' ), 403 );
		}
		check_admin_referer( self::TEST_ACTION );
		set_transient( self::test_key(), Arshline_Sidecar_Diagnostics::probe( Arshline_Sidecar_Plugin::socket_path(), true ), 10 * MINUTE_IN_SECONDS );
		wp_safe_redirect( admin_url( 'admin.php?page=' . self::SETTINGS_PAGE . '#arsh-connection' ) );
		exit;
	}

	/**
	 * Forgets what was known of the daemon at the previous socket path.
	 */
	public static function forget_daemon() {
		delete_transient( Arshline_Sidecar_Plugin::UNAVAILABLE_KEY );
		delete_transient( Arshline_Sidecar_Diagnostics::DAEMON_KEY );
	}

	/**
	 * Asks the daemon for its health when the page loads, so that an
	 * unreachable daemon shows its notice on this very page view.
	 */
	public static function check_health() {
		Arshline_Sidecar_Plugin::call( 'system.health', array(), 3.0 );
	}

	/**
	 * Adds a Settings link on the Plugins screen.
	 *
	 * @param string[] $links Action links.
	 * @return string[]
	 */
	public static function action_links( $links ) {
		$url = admin_url( 'admin.php?page=' . self::SETTINGS_PAGE );
		array_unshift( $links, '<a href="' . esc_url( $url ) . '">' . esc_html__( 'Settings', 'arshline-sidecar' ) . '</a>' );
		return $links;
	}

	/**
	 * Registers the socket and language options.
	 */
	public static function register_settings() {
		register_setting(
			'arshline_sidecar',
			Arshline_Sidecar_Plugin::OPTION_SOCKET,
			array(
				'type'              => 'string',
				'sanitize_callback' => array( __CLASS__, 'sanitize_socket' ),
				'default'           => '',
			)
		);
		register_setting(
			'arshline_sidecar',
			Arshline_Sidecar_Plugin::OPTION_LANGUAGE,
			array(
				'type'              => 'string',
				'sanitize_callback' => array( __CLASS__, 'sanitize_language' ),
				'default'           => 'fa_IR',
			)
		);
		add_settings_section(
			'arshline_sidecar_daemon',
			__( 'Connection to the arshlined service', 'arshline-sidecar' ),
			array( __CLASS__, 'render_section' ),
			self::SETTINGS_PAGE
		);
		add_settings_field(
			Arshline_Sidecar_Plugin::OPTION_SOCKET,
			__( 'Socket path', 'arshline-sidecar' ),
			array( __CLASS__, 'render_socket_field' ),
			self::SETTINGS_PAGE,
			'arshline_sidecar_daemon',
			array( 'label_for' => 'arshline_sidecar_socket' )
		);
		add_settings_field(
			Arshline_Sidecar_Plugin::OPTION_LANGUAGE,
			__( 'Language', 'arshline-sidecar' ),
			array( __CLASS__, 'render_language_field' ),
			self::SETTINGS_PAGE,
			'arshline_sidecar_daemon',
			array( 'label_for' => 'arshline_sidecar_language' )
		);
	}

	/**
	 * Keeps a socket path only when it is an absolute path that fits a Unix
	 * socket address; otherwise keeps the previous value and says why.
	 *
	 * @param mixed $value Submitted value.
	 * @return string
	 */
	public static function sanitize_socket( $value ) {
		$previous = get_option( Arshline_Sidecar_Plugin::OPTION_SOCKET, '' );
		$value    = is_string( $value ) ? trim( sanitize_text_field( wp_unslash( $value ) ) ) : '';
		if ( '' === $value ) {
			return '';
		}
		if ( '/' !== $value[0] || false !== strpos( $value, '..' ) || strlen( $value ) > self::SOCKET_MAX ) {
			add_settings_error(
				Arshline_Sidecar_Plugin::OPTION_SOCKET,
				'arshline_sidecar_bad_socket',
				sprintf(
					/* translators: %d: the longest path a Unix socket accepts. */
					__( 'The socket path must be an absolute path without "..", at most %d bytes long.', 'arshline-sidecar' ),
					self::SOCKET_MAX
				)
			);
			return is_string( $previous ) ? $previous : '';
		}
		return $value;
	}

	/**
	 * Keeps a known language choice.
	 *
	 * @param mixed $value Submitted value.
	 * @return string
	 */
	public static function sanitize_language( $value ) {
		$value = is_string( $value ) ? sanitize_key( $value ) : '';
		$map   = array(
			'fa_ir' => 'fa_IR',
			'en_us' => 'en_US',
			'site'  => 'site',
		);
		return isset( $map[ $value ] ) ? $map[ $value ] : 'fa_IR';
	}

	/**
	 * Introduces the settings section.
	 */
	public static function render_section() {
		echo '<p>' . esc_html__( 'WordPress talks to the arshlined service over a local Unix socket. The web server user must be allowed to open it.', 'arshline-sidecar' ) . '</p>';
	}

	/**
	 * The socket path field; read-only when the constant sets it.
	 */
	public static function render_socket_field() {
		$constant = Arshline_Sidecar_Plugin::socket_is_constant();
		$value    = $constant ? Arshline_Sidecar_Plugin::socket_path() : get_option( Arshline_Sidecar_Plugin::OPTION_SOCKET, '' );
		printf(
			'<input type="text" class="regular-text code" dir="ltr" id="arshline_sidecar_socket" name="%1$s" value="%2$s" placeholder="%3$s" %4$s />',
			esc_attr( Arshline_Sidecar_Plugin::OPTION_SOCKET ),
			esc_attr( is_string( $value ) ? $value : '' ),
			esc_attr( Arshline_Sidecar_Plugin::DEFAULT_SOCKET ),
			disabled( $constant, true, false )
		);
		if ( $constant ) {
			echo '<p class="description">' . esc_html__( 'Set by the ARSHLINE_SIDECAR_SOCKET constant in wp-config.php; the constant wins over this setting.', 'arshline-sidecar' ) . '</p>';
		} else {
			echo '<p class="description">' . esc_html(
				sprintf(
					/* translators: %s: default socket path. */
					__( 'Leave empty for the default, %s.', 'arshline-sidecar' ),
					Arshline_Sidecar_Diagnostics::ltr( Arshline_Sidecar_Plugin::DEFAULT_SOCKET )
				)
			) . '</p>';
		}
	}

	/**
	 * The language field.
	 */
	public static function render_language_field() {
		$current = get_option( Arshline_Sidecar_Plugin::OPTION_LANGUAGE, 'fa_IR' );
		$choices = array(
			'fa_IR' => __( 'Persian', 'arshline-sidecar' ),
			'en_US' => __( 'English', 'arshline-sidecar' ),
			'site'  => __( 'The site\'s language', 'arshline-sidecar' ),
		);
		echo '<select id="arshline_sidecar_language" name="' . esc_attr( Arshline_Sidecar_Plugin::OPTION_LANGUAGE ) . '">';
		foreach ( $choices as $key => $label ) {
			echo '<option value="' . esc_attr( $key ) . '" ' . selected( $current, $key, false ) . '>' . esc_html( $label ) . '</option>';
		}
		echo '</select>';
		echo '<p class="description">' . esc_html__( 'The default for everyone; a user who chose a language in their WordPress profile sees the plugin in that language.', 'arshline-sidecar' ) . '</p>';
	}

	/**
	 * The settings page.
	 */
	public static function render_settings() {
		if ( ! current_user_can( 'manage_options' ) ) {
			wp_die( esc_html__( 'Sorry, only administrators can use Arshline AI.', 'arshline-sidecar' ), 403 );
		}
		$dir = Arshline_Sidecar_Plugin::is_rtl() ? 'rtl' : 'ltr';
		echo '<div class="wrap arshline-sidecar" dir="' . esc_attr( $dir ) . '">';
		echo '<h1>' . esc_html__( 'Arshline AI settings', 'arshline-sidecar' ) . '</h1>';
		// Every message of this save: "Settings saved." or why a value was refused.
		settings_errors();
		echo '<form method="post" action="options.php">';
		settings_fields( 'arshline_sidecar' );
		do_settings_sections( self::SETTINGS_PAGE );
		submit_button();
		echo '</form>';
		self::render_connection();
		Arshline_Sidecar_Model_Settings::render();
		echo '<h2 id="arsh-sms-title">' . esc_html__( 'Text messages (SMS)', 'arshline-sidecar' ) . '</h2>';
		echo '<div id="arsh-sms-root" class="arsh-card"></div>';
		echo '</div>';
	}

	/**
	 * The settings page's connection section: the diagnosis of the socket
	 * and the button that runs it again.
	 */
	private static function render_connection() {
		echo '<h2 id="arsh-connection" tabindex="-1">' . esc_html__( 'Connection test', 'arshline-sidecar' ) . '</h2>';
		if ( null === self::$diagnosis ) {
			self::$diagnosis = Arshline_Sidecar_Diagnostics::probe( Arshline_Sidecar_Plugin::socket_path() );
		}
		Arshline_Sidecar_Diagnostics::render( self::$diagnosis, 'arsh-socket-result' );
		echo '<form method="post" action="' . esc_url( admin_url( 'admin-post.php' ) ) . '">';
		echo '<input type="hidden" name="action" value="' . esc_attr( self::TEST_ACTION ) . '" />';
		wp_nonce_field( self::TEST_ACTION );
		echo '<p class="submit"><button type="submit" class="button" id="arsh-socket-test">' . esc_html__( 'Test the connection again', 'arshline-sidecar' ) . '</button></p>';
		echo '</form>';
	}

	/**
	 * Shows an error notice while the daemon cannot be reached at the
	 * current socket path (what was noted of an earlier path is stale).
	 */
	public static function notice() {
		if ( ! current_user_can( Arshline_Sidecar_Plugin::CAP ) ) {
			return;
		}
		$down = get_transient( Arshline_Sidecar_Plugin::UNAVAILABLE_KEY );
		if ( ! is_array( $down ) || ! isset( $down['socket'] ) || Arshline_Sidecar_Plugin::socket_path() !== $down['socket'] ) {
			return;
		}
		$settings = admin_url( 'admin.php?page=' . self::SETTINGS_PAGE . '#arsh-connection' );
		$dir      = Arshline_Sidecar_Plugin::is_rtl() ? 'rtl' : 'ltr';
		echo '<div class="notice notice-error arshline-sidecar-notice" id="arshline-sidecar-unavailable" dir="' . esc_attr( $dir ) . '"><p><strong>';
		esc_html_e( 'The Arshline service (arshlined) is not reachable.', 'arshline-sidecar' );
		echo '</strong> ';
		echo esc_html(
			sprintf(
				/* translators: %s: Unix socket path. */
				__( 'WordPress could not connect to %s. Until the service runs, visitors can neither see nor send your forms, and the forms, entries, results and AI features here are unavailable.', 'arshline-sidecar' ),
				Arshline_Sidecar_Diagnostics::ltr( $down['socket'] )
			)
		);
		echo ' <a href="' . esc_url( $settings ) . '">' . esc_html__( 'Test the connection', 'arshline-sidecar' ) . '</a></p></div>';
	}

	/**
	 * Shows a warning on every admin page while the daemon speaks another
	 * protocol than this plugin: both versions, and which to upgrade.
	 */
	public static function version_notice() {
		if ( ! current_user_can( Arshline_Sidecar_Plugin::CAP ) || wp_doing_ajax() ) {
			return;
		}
		$daemon = Arshline_Sidecar_Diagnostics::known_daemon();
		if ( ! is_array( $daemon ) || Arshline_Sidecar_Plugin::PROTOCOL === $daemon['protocol'] ) {
			return;
		}
		$advice = Arshline_Sidecar_Diagnostics::upgrade_advice( $daemon['version'], $daemon['protocol'] );
		$dir    = Arshline_Sidecar_Plugin::is_rtl() ? 'rtl' : 'ltr';
		echo '<div class="notice notice-warning arshline-sidecar-notice" id="arshline-sidecar-incompatible" dir="' . esc_attr( $dir ) . '"><p><strong>';
		echo esc_html(
			sprintf(
				/* translators: 1: plugin version, 2: service version. */
				__( 'Arshline Sidecar %1$s and the arshlined service %2$s do not work together.', 'arshline-sidecar' ),
				Arshline_Sidecar_Diagnostics::ltr( ARSHLINE_SIDECAR_VERSION ),
				Arshline_Sidecar_Diagnostics::ltr( $daemon['version'] )
			)
		);
		echo '</strong> ' . esc_html( $advice['text'] ) . '</p>';
		foreach ( $advice['commands'] as $command ) {
			echo '<p><code dir="ltr">' . esc_html( $command ) . '</code></p>';
		}
		echo '</div>';
	}


	/**
	 * The page a hook suffix belongs to: forms, new, form, ai or settings.
	 *
	 * @param string $hook Admin page hook suffix.
	 * @return string
	 */
	public static function page_of( $hook ) {
		foreach ( self::$hooks as $page => $suffix ) {
			if ( $suffix === $hook ) {
				return $page;
			}
		}
		return '';
	}

	/**
	 * The tabs of a form's screen, in order: tab => label.
	 *
	 * @return array<string, string>
	 */
	public static function tabs() {
		return array(
			'build'    => __( 'Build', 'arshline-sidecar' ),
			'settings' => __( 'Settings', 'arshline-sidecar' ),
			'entries'  => __( 'Entries', 'arshline-sidecar' ),
			'results'  => __( 'Results', 'arshline-sidecar' ),
			'versions' => __( 'Versions', 'arshline-sidecar' ),
		);
	}

	/**
	 * The form id and tab a form's screen was asked for (?form=ID&tab=…).
	 *
	 * @return array{0: int, 1: string}
	 */
	public static function form_request() {
		// phpcs:disable WordPress.Security.NonceVerification.Recommended -- reading which screen to show.
		$id  = isset( $_GET['form'] ) ? absint( wp_unslash( $_GET['form'] ) ) : 0;
		$tab = isset( $_GET['tab'] ) ? sanitize_key( wp_unslash( $_GET['tab'] ) ) : 'build';
		// phpcs:enable
		if ( ! isset( self::tabs()[ $tab ] ) ) {
			$tab = 'build';
		}
		return array( $id, $tab );
	}

	/**
	 * The admin address of a page of the plugin; $args adds to its query.
	 *
	 * @param string $page forms, new, form, ai or settings.
	 * @param array  $args Query arguments.
	 * @return string
	 */
	public static function url( $page, array $args = array() ) {
		$slugs = array(
			'forms'    => self::PAGE,
			'new'      => self::NEW_PAGE,
			'form'     => self::FORM_PAGE,
			'ai'       => self::AI_PAGE,
			'settings' => self::SETTINGS_PAGE,
		);
		return add_query_arg( array( 'page' => $slugs[ $page ] ) + $args, admin_url( 'admin.php' ) );
	}

	/**
	 * The script entry a page loads: forms, new-form, ai, settings, or
	 * form-<tab> on a form's screen.
	 *
	 * @param string $page The page.
	 * @return string
	 */
	private static function entry_of( $page ) {
		if ( 'form' === $page ) {
			list( , $tab ) = self::form_request();
			return 'form-' . $tab;
		}
		return 'new' === $page ? 'new-form' : $page;
	}

	/**
	 * Loads the page's own script (and no other page's), its styles,
	 * translations and configuration.
	 *
	 * @param string $hook Current admin page hook.
	 */
	public static function enqueue( $hook ) {
		$page = self::page_of( $hook );
		if ( '' === $page ) {
			return;
		}
		$base = plugin_dir_url( ARSHLINE_SIDECAR_FILE );
		if ( 'settings' === $page ) {
			wp_enqueue_style( self::SCRIPT . '-settings', $base . 'assets/settings.css', array(), ARSHLINE_SIDECAR_VERSION );
		}
		$entry  = self::entry_of( $page );
		$handle = self::SCRIPT . '-' . $entry;
		$asset  = require ARSHLINE_SIDECAR_DIR . 'build/' . $entry . '.asset.php';
		wp_enqueue_style( self::SCRIPT, $base . 'assets/admin.css', array(), ARSHLINE_SIDECAR_VERSION );
		if ( in_array( 'wp-components', $asset['dependencies'], true ) ) {
			wp_enqueue_style( 'wp-components' );
		}
		if ( in_array( $entry, array( 'form-entries', 'form-results' ), true ) ) {
			wp_enqueue_style( self::SCRIPT . '-entries', $base . 'assets/entries-results.css', array( self::SCRIPT ), ARSHLINE_SIDECAR_VERSION );
		}
		if ( in_array( $entry, array( 'form-build', 'ai' ), true ) ) {
			wp_enqueue_style( self::SCRIPT . '-builder', $base . 'assets/builder.css', array( self::SCRIPT, 'dashicons' ), ARSHLINE_SIDECAR_VERSION );
		}
		// Styles a page's script imports (the Jalali picker's) are built beside it.
		if ( file_exists( ARSHLINE_SIDECAR_DIR . 'build/' . $entry . '.css' ) ) {
			wp_enqueue_style( $handle, $base . 'build/' . $entry . '.css', array( self::SCRIPT ), $asset['version'] );
			wp_style_add_data( $handle, 'rtl', 'replace' );
		}
		wp_enqueue_script( $handle, $base . 'build/' . $entry . '.js', $asset['dependencies'], $asset['version'], true );
		// Every admin page's strings are in one catalogue,
		// languages/arshline-sidecar-<locale>-arshline-sidecar-admin.json
		// (see Arshline_Sidecar_Plugin::filter_script_translation_file).
		wp_set_script_translations( $handle, Arshline_Sidecar_Plugin::TEXT_DOMAIN, ARSHLINE_SIDECAR_DIR . 'languages' );

		list( $form_id, $tab ) = self::form_request();
		$config                = array(
			'locale' => Arshline_Sidecar_Plugin::locale(),
			'dir'    => Arshline_Sidecar_Plugin::is_rtl() ? 'rtl' : 'ltr',
			'page'   => $page,
			'formId' => 'form' === $page ? $form_id : 0,
			'tab'    => 'form' === $page ? $tab : '',
			'pages'  => array(
				'forms'    => self::url( 'forms' ),
				'new'      => self::url( 'new' ),
				'form'     => self::url( 'form' ),
				'ai'       => self::url( 'ai' ),
				'settings' => self::url( 'settings' ),
			),
			'canManageOptions' => current_user_can( 'manage_options' ),
			'version'          => ARSHLINE_SIDECAR_VERSION,
			// The site's time zone (Settings › General): a form's close date is on its clock.
			'timezone' => wp_timezone_string(),
			'nonces' => array(
				'generate' => wp_create_nonce( 'hosha2_generate_nonce' ),
				'edit'     => wp_create_nonce( 'hosha2_edit_nonce' ),
				'cancel'   => wp_create_nonce( 'hosha2_cancel_nonce' ),
			),
			'poll'   => array(
				'interval_ms' => 400,
			),
			// Downloads (files, exports) are links, not apiFetch calls: they need the REST root and nonce.
			'rest'   => array(
				'root'  => esc_url_raw( rest_url() ),
				'nonce' => wp_create_nonce( 'wp_rest' ),
			),
		);
		wp_add_inline_script( $handle, 'window.arshlineSidecar = ' . wp_json_encode( $config ) . ';', 'before' );
	}

	/**
	 * The opening of every page of the plugin: the wrap in the plugin's
	 * direction, its heading, and the element its script starts from.
	 *
	 * @param string $title The page's heading.
	 * @param string $root  Id of the page's root element.
	 */
	private static function open_page( $title, $root ) {
		if ( ! current_user_can( Arshline_Sidecar_Plugin::CAP ) ) {
			wp_die( esc_html__( 'Sorry, only administrators can use Arshline AI.', 'arshline-sidecar' ), 403 );
		}
		$rtl = Arshline_Sidecar_Plugin::is_rtl();
		?>
		<div class="wrap arshline-sidecar" id="<?php echo esc_attr( $root ); ?>" dir="<?php echo esc_attr( $rtl ? 'rtl' : 'ltr' ); ?>" lang="<?php echo esc_attr( $rtl ? 'fa' : 'en' ); ?>">
			<h1 class="wp-heading-inline"><?php echo esc_html( $title ); ?></h1>
		<?php
	}

	/**
	 * The root element a React page mounts on, and what a browser without
	 * JavaScript is told instead.
	 *
	 * @param string $id Id of the root element.
	 */
	private static function react_root( $id ) {
		echo '<div id="' . esc_attr( $id ) . '"></div>';
		echo '<noscript><div class="notice notice-warning"><p>' . esc_html__( 'This page needs JavaScript.', 'arshline-sidecar' ) . '</p></div></noscript>';
	}

	/**
	 * Forms: the list of forms and what can be done with each.
	 */
	public static function render_forms() {
		self::open_page( __( 'Forms', 'arshline-sidecar' ), 'arshline-sidecar-app' );
		echo ' <a href="' . esc_url( self::url( 'new' ) ) . '" class="page-title-action" id="arsh-forms-create">' . esc_html__( 'New form', 'arshline-sidecar' ) . '</a>';
		echo '<hr class="wp-header-end" />';
		self::react_root( 'arsh-forms-root' );
		echo '</div>';
	}

	/**
	 * New form: a title and how to begin (blank, a command, Hosha2).
	 */
	public static function render_new() {
		self::open_page( __( 'New form', 'arshline-sidecar' ), 'arshline-sidecar-new' );
		echo '<hr class="wp-header-end" /><div id="arsh-new-form-root"></div></div>';
	}

	/**
	 * A form's screen: its title, the tabs as links (each a page of its
	 * own, so a bookmarked tab opens it) and the tab's content.
	 */
	public static function render_form() {
		list( $id, $tab ) = self::form_request();
		$form             = $id ? Arshline_Sidecar_Plugin::call( 'forms.get', array( 'id' => $id ), 5.0 ) : null;
		$title            = is_object( $form ) && isset( $form->title ) ? (string) $form->title : '';
		$number           = Arshline_Sidecar_Public_Renderer::digits( (string) $id, Arshline_Sidecar_Plugin::is_rtl() );
		self::open_page(
			'' === $title
				/* translators: %s: form number. */
				? sprintf( __( 'Form %s', 'arshline-sidecar' ), $number )
				/* translators: 1: form number, 2: form title. */
				: sprintf( __( 'Form %1$s: %2$s', 'arshline-sidecar' ), $number, $title ),
			'arshline-sidecar-form'
		);
		echo ' <a href="' . esc_url( self::url( 'forms' ) ) . '" class="page-title-action">' . esc_html__( 'All forms', 'arshline-sidecar' ) . '</a>';
		echo '<hr class="wp-header-end" />';
		if ( ! $id || is_wp_error( $form ) ) {
			$text = is_wp_error( $form ) ? $form->get_error_message() : __( 'No form was chosen.', 'arshline-sidecar' );
			echo '<div class="notice notice-error inline"><p>' . esc_html( $text ) . '</p></div></div>';
			return;
		}
		echo '<nav class="nav-tab-wrapper wp-clearfix" aria-label="' . esc_attr__( 'Parts of the form', 'arshline-sidecar' ) . '">';
		foreach ( self::tabs() as $key => $label ) {
			$current = $key === $tab;
			printf(
				'<a href="%1$s" class="nav-tab%2$s" id="arsh-tab-%3$s"%4$s>%5$s</a>',
				esc_url( self::url( 'form', array( 'form' => $id, 'tab' => $key ) ) ),
				$current ? ' nav-tab-active' : '',
				esc_attr( $key ),
				$current ? ' aria-current="page"' : '',
				esc_html( $label )
			);
		}
		echo '</nav>';
		switch ( $tab ) {
			case 'settings':
			case 'entries':
			case 'results':
			case 'versions':
				// The tab's React page renders into its root.
				echo '<div id="' . esc_attr( 'arsh-form-' . $tab . '-root' ) . '" class="arsh-card"></div>';
				break;
			default:
				// The builder is the React page of build/form-build.js.
				echo '<div id="arsh-builder" class="arsh-card arsh-builder"></div>';
		}
		echo '</div>';
	}

	/**
	 * AI commands: the planner box and Hosha2 (src/admin/pages/ai.js).
	 */
	public static function render_ai() {
		self::open_page( __( 'AI commands', 'arshline-sidecar' ), 'arshline-sidecar-ai' );
		echo '<hr class="wp-header-end" />';
		self::react_root( 'arsh-ai-root' );
		echo '</div>';
	}

}
