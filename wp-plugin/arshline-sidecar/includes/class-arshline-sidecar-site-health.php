<?php
/**
 * Tools → Site Health: tests (the service reachable, versions that work
 * together, its database, free disk for uploads) and an "Arshline" section
 * of the Info tab (versions, socket, database and uploads with their sizes,
 * the model).
 *
 * @package Arshline_Sidecar
 */

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * The plugin's Site Health tests and debug information.
 */
final class Arshline_Sidecar_Site_Health {

	/**
	 * Free bytes under which uploads are about to fail (the service
	 * stops writing at 16 MiB).
	 */
	const DISK_CRITICAL = 104857600;

	/**
	 * Free bytes under which the owner should make room.
	 */
	const DISK_LOW = 1073741824;

	/**
	 * system.status of this request: an array, a WP_Error, or null before the first ask.
	 *
	 * @var array|WP_Error|null
	 */
	private static $status = null;

	/**
	 * Hooks into Site Health.
	 */
	public static function boot() {
		add_filter( 'site_status_tests', array( __CLASS__, 'tests' ) );
		add_filter( 'debug_information', array( __CLASS__, 'debug_information' ) );
	}

	/**
	 * Adds the tests, run when the Site Health screen loads.
	 *
	 * @param array $tests Site Health tests.
	 * @return array
	 */
	public static function tests( $tests ) {
		$tests['direct']['arshline_sidecar_reachable'] = array(
			'label' => __( 'The Arshline service is reachable', 'arshline-sidecar' ),
			'test'  => array( __CLASS__, 'test_reachable' ),
		);
		$tests['direct']['arshline_sidecar_versions']  = array(
			'label' => __( 'The Arshline service and plugin versions work together', 'arshline-sidecar' ),
			'test'  => array( __CLASS__, 'test_versions' ),
		);
		$tests['direct']['arshline_sidecar_database']  = array(
			'label' => __( 'The Arshline database can be written', 'arshline-sidecar' ),
			'test'  => array( __CLASS__, 'test_database' ),
		);
		$tests['direct']['arshline_sidecar_disk']      = array(
			'label' => __( 'There is room for uploaded files', 'arshline-sidecar' ),
			'test'  => array( __CLASS__, 'test_disk' ),
		);
		return $tests;
	}

	/**
	 * One test result in Site Health's shape.
	 *
	 * @param string $test        Test id.
	 * @param string $status      good, recommended or critical.
	 * @param string $label       Headline.
	 * @param string $description HTML of the explanation.
	 * @return array
	 */
	private static function result( $test, $status, $label, $description ) {
		return array(
			'label'       => $label,
			'status'      => $status,
			'badge'       => array(
				'label' => __( 'Arshline', 'arshline-sidecar' ),
				'color' => 'good' === $status ? 'blue' : ( 'critical' === $status ? 'red' : 'orange' ),
			),
			'description' => $description,
			'actions'     => 'good' === $status ? '' : '<p><a href="' . esc_url( admin_url( 'admin.php?page=' . Arshline_Sidecar_Admin::SETTINGS_PAGE . '#arsh-connection' ) ) . '">' . esc_html__( 'Test the connection in the Arshline settings', 'arshline-sidecar' ) . '</a></p>',
			'test'        => $test,
		);
	}

	/**
	 * The diagnosis as HTML: its facts, fix and commands.
	 *
	 * @param array $explained Arshline_Sidecar_Diagnostics::explain().
	 * @return string
	 */
	private static function explanation_html( array $explained ) {
		$html = '<ul>';
		foreach ( $explained['facts'] as $label => $value ) {
			$html .= '<li>' . esc_html( $label ) . ': <bdi>' . esc_html( $value ) . '</bdi></li>';
		}
		$html .= '</ul>';
		if ( '' !== $explained['fix'] ) {
			$html .= '<p>' . esc_html( $explained['fix'] ) . '</p>';
		}
		foreach ( $explained['commands'] as $command ) {
			$html .= '<p><code dir="ltr">' . esc_html( $command ) . '</code></p>';
		}
		return $html;
	}

	/**
	 * The diagnosis of the current socket (one per request).
	 *
	 * @return array
	 */
	private static function diagnosis() {
		return Arshline_Sidecar_Diagnostics::probe( Arshline_Sidecar_Plugin::socket_path() );
	}

	/**
	 * Whether the daemon answered the diagnosis.
	 *
	 * @param array $d A diagnosis.
	 * @return bool
	 */
	private static function answered( array $d ) {
		return 'ok' === $d['status'] || 'mismatch' === $d['status'];
	}

	/**
	 * The service answers on its socket.
	 *
	 * @return array
	 */
	public static function test_reachable() {
		$d = self::diagnosis();
		$e = Arshline_Sidecar_Diagnostics::explain( $d );
		if ( self::answered( $d ) ) {
			return self::result(
				'arshline_sidecar_reachable',
				'good',
				__( 'The Arshline service is reachable', 'arshline-sidecar' ),
				'<p>' . esc_html__( 'WordPress talks to the arshlined service over its socket; public forms, entries and the form builder work.', 'arshline-sidecar' ) . '</p>' . self::explanation_html( $e )
			);
		}
		return self::result(
			'arshline_sidecar_reachable',
			'critical',
			$e['title'],
			'<p>' . esc_html__( 'Without the arshlined service, visitors can neither see nor send your forms, and the forms, entries, results and AI features are unavailable.', 'arshline-sidecar' ) . '</p>' . self::explanation_html( $e )
		);
	}

	/**
	 * The service speaks this plugin's protocol.
	 *
	 * @return array
	 */
	public static function test_versions() {
		$d = self::diagnosis();
		if ( ! self::answered( $d ) ) {
			return self::result(
				'arshline_sidecar_versions',
				'recommended',
				__( 'The versions of the Arshline service and plugin could not be compared', 'arshline-sidecar' ),
				'<p>' . esc_html__( 'The service did not answer; see the test of its connection.', 'arshline-sidecar' ) . '</p>'
			);
		}
		$e = Arshline_Sidecar_Diagnostics::explain( $d );
		if ( 'ok' === $d['status'] ) {
			return self::result(
				'arshline_sidecar_versions',
				'good',
				__( 'The Arshline service and plugin versions work together', 'arshline-sidecar' ),
				self::explanation_html( $e )
			);
		}
		return self::result( 'arshline_sidecar_versions', 'critical', $e['title'], self::explanation_html( $e ) );
	}

	/**
	 * The service's database answers and can be written.
	 *
	 * @return array
	 */
	public static function test_database() {
		$d = self::diagnosis();
		if ( ! self::answered( $d ) ) {
			return self::result(
				'arshline_sidecar_database',
				'recommended',
				__( 'The Arshline database could not be checked', 'arshline-sidecar' ),
				'<p>' . esc_html__( 'The service did not answer; see the test of its connection.', 'arshline-sidecar' ) . '</p>'
			);
		}
		$status = self::status();
		$facts  = '';
		if ( is_array( $status ) && isset( $status['database']['path'] ) ) {
			$facts = '<p>' . esc_html__( 'Database file:', 'arshline-sidecar' ) . ' <code dir="ltr">' . esc_html( $status['database']['path'] ) . '</code></p>';
		}
		if ( ! empty( $d['health']['db_ok'] ) ) {
			return self::result(
				'arshline_sidecar_database',
				'good',
				__( 'The Arshline database can be written', 'arshline-sidecar' ),
				'<p>' . esc_html__( 'Forms, versions and entries are saved in the service\'s SQLite database.', 'arshline-sidecar' ) . '</p>' . $facts
			);
		}
		return self::result(
			'arshline_sidecar_database',
			'critical',
			__( 'The Arshline database cannot be written', 'arshline-sidecar' ),
			'<p>' . esc_html__( 'The service cannot write its database: its disk is full or read-only. New entries are refused until there is room again.', 'arshline-sidecar' ) . '</p>' . $facts
				. '<p><code dir="ltr">journalctl -u arshlined -n 50</code></p>'
		);
	}

	/**
	 * The file system of the uploads has room.
	 *
	 * @return array
	 */
	public static function test_disk() {
		$d = self::diagnosis();
		if ( ! self::answered( $d ) ) {
			return self::result(
				'arshline_sidecar_disk',
				'recommended',
				__( 'The free space for uploaded files could not be checked', 'arshline-sidecar' ),
				'<p>' . esc_html__( 'The service did not answer; see the test of its connection.', 'arshline-sidecar' ) . '</p>'
			);
		}
		$status = self::status();
		if ( ! is_array( $status ) || ! isset( $status['uploads']['free_bytes'] ) ) {
			return self::result(
				'arshline_sidecar_disk',
				'recommended',
				__( 'The free space for uploaded files could not be checked', 'arshline-sidecar' ),
				'<p>' . esc_html( is_wp_error( $status ) ? $status->get_error_message() : __( 'This version of the arshlined service does not report it.', 'arshline-sidecar' ) ) . '</p>'
			);
		}
		$free  = (int) $status['uploads']['free_bytes'];
		$where = '<p>' . esc_html(
			sprintf(
				/* translators: 1: free space, e.g. 3 GB, 2: directory. */
				__( '%1$s free for %2$s.', 'arshline-sidecar' ),
				Arshline_Sidecar_Diagnostics::ltr( size_format( $free, 1 ) ),
				Arshline_Sidecar_Diagnostics::ltr( (string) $status['uploads']['path'] )
			)
		) . '</p>';
		if ( $free < self::DISK_CRITICAL ) {
			return self::result(
				'arshline_sidecar_disk',
				'critical',
				__( 'The disk of the Arshline uploads is almost full', 'arshline-sidecar' ),
				'<p>' . esc_html__( 'Files visitors send with forms will soon be refused, and then entries too. Make room on that disk or move the uploads (--upload-dir).', 'arshline-sidecar' ) . '</p>' . $where
			);
		}
		if ( $free < self::DISK_LOW ) {
			return self::result(
				'arshline_sidecar_disk',
				'recommended',
				__( 'The disk of the Arshline uploads has little room left', 'arshline-sidecar' ),
				'<p>' . esc_html__( 'Make room on that disk before visitors\' files fill it.', 'arshline-sidecar' ) . '</p>' . $where
			);
		}
		return self::result(
			'arshline_sidecar_disk',
			'good',
			__( 'There is room for uploaded files', 'arshline-sidecar' ),
			$where
		);
	}

	/**
	 * The daemon's system.status (paths, sizes, free space), once per request.
	 *
	 * @return array|WP_Error
	 */
	private static function status() {
		if ( null === self::$status ) {
			$result       = Arshline_Sidecar_Plugin::call( 'system.status', array(), 5.0 );
			self::$status = is_wp_error( $result ) ? $result : json_decode( wp_json_encode( $result ), true );
		}
		return self::$status;
	}

	/**
	 * A size with its file count, or what stands in for it.
	 *
	 * @param array  $place  A storage place of system.status.
	 * @param string $figure bytes or free_bytes.
	 * @return string
	 */
	private static function size( array $place, $figure ) {
		if ( ! empty( $place['error'] ) ) {
			/* translators: %s: the error the service met reading the size. */
			return sprintf( __( 'unknown (%s)', 'arshline-sidecar' ), (string) $place['error'] );
		}
		$text = size_format( isset( $place[ $figure ] ) ? (int) $place[ $figure ] : 0, 1 );
		if ( 'bytes' === $figure && isset( $place['files'] ) ) {
			/* translators: 1: size, 2: number of files. */
			$text = sprintf( _n( '%1$s in %2$s file', '%1$s in %2$s files', (int) $place['files'], 'arshline-sidecar' ), $text, number_format_i18n( (int) $place['files'] ) );
		}
		return $text;
	}

	/**
	 * A field whose value is a path or version: shown left to right inside
	 * a Persian page, copied for support without the isolate marks.
	 *
	 * @param string $label Field label.
	 * @param string $value Path or version.
	 * @return array
	 */
	private static function technical( $label, $value ) {
		return array(
			'label' => $label,
			'value' => Arshline_Sidecar_Diagnostics::ltr( $value ),
			'debug' => $value,
		);
	}

	/**
	 * The "Arshline" section of Site Health's Info tab (also in the text
	 * "Copy site info to clipboard" gives for support).
	 *
	 * @param array $info Sections.
	 * @return array
	 */
	public static function debug_information( $info ) {
		$d        = self::diagnosis();
		$e        = Arshline_Sidecar_Diagnostics::explain( $d );
		$unknown  = __( 'not reported by this version of the service', 'arshline-sidecar' );
		$fields   = array(
			'plugin_version'  => self::technical( __( 'Plugin version', 'arshline-sidecar' ), ARSHLINE_SIDECAR_VERSION ),
			'plugin_protocol' => array(
				'label' => __( 'Plugin protocol', 'arshline-sidecar' ),
				'value' => Arshline_Sidecar_Plugin::PROTOCOL,
			),
			'socket'          => self::technical(
				__( 'Socket', 'arshline-sidecar' ),
				Arshline_Sidecar_Plugin::socket_path() . ( Arshline_Sidecar_Plugin::socket_is_constant() ? ' (ARSHLINE_SIDECAR_SOCKET)' : '' )
			),
			'php_user'        => array(
				'label' => __( 'PHP runs as', 'arshline-sidecar' ),
				'value' => Arshline_Sidecar_Diagnostics::user_text( $d['php_user'] ),
			),
			'connection'      => array(
				'label' => __( 'Connection', 'arshline-sidecar' ),
				'value' => $e['title'],
				'debug' => $d['status'],
			),
		);
		if ( self::answered( $d ) ) {
			$fields['daemon_version']  = self::technical( __( 'Service version', 'arshline-sidecar' ), $d['daemon_version'] );
			$fields['daemon_protocol'] = array(
				'label' => __( 'Service protocol', 'arshline-sidecar' ),
				'value' => null === $d['daemon_protocol'] ? $unknown : $d['daemon_protocol'],
			);
			$fields['database_ok']     = array(
				'label' => __( 'Database can be written', 'arshline-sidecar' ),
				'value' => ! empty( $d['health']['db_ok'] ) ? __( 'yes', 'arshline-sidecar' ) : __( 'no', 'arshline-sidecar' ),
				'debug' => ! empty( $d['health']['db_ok'] ),
			);
			$status = self::status();
			if ( is_array( $status ) && isset( $status['database'], $status['uploads'] ) ) {
				$fields['database_path'] = self::technical( __( 'Database file', 'arshline-sidecar' ), (string) $status['database']['path'] );
				$fields['database_size'] = array(
					'label' => __( 'Database size', 'arshline-sidecar' ),
					'value' => self::size( $status['database'], 'bytes' ),
					'debug' => isset( $status['database']['bytes'] ) ? (int) $status['database']['bytes'] : 0,
				);
				$fields['uploads_path']  = self::technical( __( 'Uploads directory', 'arshline-sidecar' ), (string) $status['uploads']['path'] );
				$fields['uploads_size']  = array(
					'label' => __( 'Uploads size', 'arshline-sidecar' ),
					'value' => self::size( $status['uploads'], 'bytes' ),
					'debug' => isset( $status['uploads']['bytes'] ) ? (int) $status['uploads']['bytes'] : 0,
				);
				$fields['uploads_free']  = array(
					'label' => __( 'Free space for uploads', 'arshline-sidecar' ),
					'value' => self::size( $status['uploads'], 'free_bytes' ),
					'debug' => isset( $status['uploads']['free_bytes'] ) ? (int) $status['uploads']['free_bytes'] : 0,
				);
			} else {
				$fields['storage'] = array(
					'label' => __( 'Database and uploads', 'arshline-sidecar' ),
					'value' => is_wp_error( $status ) ? $status->get_error_message() : $unknown,
				);
			}
			$model           = is_array( $status ) && isset( $status['model'] ) ? (string) $status['model'] : '';
			$fields['model'] = array(
				'label' => __( 'AI model', 'arshline-sidecar' ),
				'value' => empty( $d['health']['llm_configured'] )
					? __( 'none: everything but Hosha2 and the planner\'s model mode works without one', 'arshline-sidecar' )
					: ( '' !== $model ? $model : __( 'configured', 'arshline-sidecar' ) ),
				'debug' => empty( $d['health']['llm_configured'] ) ? 'none' : ( '' !== $model ? $model : 'configured' ),
			);
		}
		$info['arshline-sidecar'] = array(
			'label'       => __( 'Arshline', 'arshline-sidecar' ),
			'description' => __( 'The Arshline Sidecar plugin and the arshlined service it talks to.', 'arshline-sidecar' ),
			'fields'      => $fields,
		);
		return $info;
	}
}
