<?php
/**
 * Router for PHP's built-in web server in front of WordPress: existing
 * files (static assets and PHP entry points) are served as they are,
 * anything else goes to WordPress's index.php, after the server's
 * auto_prepend_file as a real server would run it (PHP's built-in server
 * runs it before the entry points it serves itself, not before its
 * router).
 *
 * @package Arshline_Sidecar
 */

$arshline_path = (string) parse_url( $_SERVER['REQUEST_URI'], PHP_URL_PATH );
$arshline_file = $_SERVER['DOCUMENT_ROOT'] . $arshline_path;
if ( '/' !== $arshline_path && ( is_file( $arshline_file ) || is_file( rtrim( $arshline_file, '/' ) . '/index.php' ) ) ) {
	return false;
}
$arshline_prepend = (string) ini_get( 'auto_prepend_file' );
if ( '' !== $arshline_prepend ) {
	require_once $arshline_prepend;
}
$_SERVER['SCRIPT_NAME']     = '/index.php';
$_SERVER['SCRIPT_FILENAME'] = $_SERVER['DOCUMENT_ROOT'] . '/index.php';
require $_SERVER['DOCUMENT_ROOT'] . '/index.php';
