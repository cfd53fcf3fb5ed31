<?php
/**
 * PHPUnit bootstrap: the client without WordPress, plus the process
 * harness that starts a real arshlined for the tests, and the real
 * WordPress (Arshline_Test_WordPress) that the tests running in their own
 * processes load.
 *
 * @package Arshline_Sidecar
 */

error_reporting( E_ALL );
ini_set( 'display_errors', '1' );

$arshline_plugin = dirname( __DIR__ ) . '/arshline-sidecar';
require_once __DIR__ . '/lib/class-arshline-test-wordpress.php';
Arshline_Test_WordPress::init();
if ( ! Arshline_Test_WordPress::is_child() ) {
	// A test in a process of its own loads WordPress, whose WP_Error this would shadow.
	require_once __DIR__ . '/wp-error-polyfill.php';
}
require_once $arshline_plugin . '/includes/class-arshline-sidecar-errors.php';
require_once $arshline_plugin . '/includes/class-arshline-sidecar-client.php';
require_once __DIR__ . '/lib/class-arshline-test-processes.php';
require_once __DIR__ . '/lib/class-arshline-test-case.php';
require_once __DIR__ . '/lib/class-arshline-wp-test-case.php';
require_once __DIR__ . '/lib/class-arshline-answered-form-test-case.php';
require_once __DIR__ . '/lib/trait-arshline-visitor-site.php';
