<?php
/**
 * Removes everything the plugin stored in WordPress. Forms, versions and
 * the audit trail live in the daemon's database and are not touched.
 *
 * @package Arshline_Sidecar
 */

if ( ! defined( 'WP_UNINSTALL_PLUGIN' ) ) {
	exit;
}

$arshline_sidecar_options = array(
	'arshline_sidecar_socket',
	'arshline_sidecar_language',
);

foreach ( $arshline_sidecar_options as $arshline_sidecar_option ) {
	delete_option( $arshline_sidecar_option );
	if ( is_multisite() ) {
		delete_site_option( $arshline_sidecar_option );
	}
}

delete_transient( 'arshline_sidecar_unavailable' );

// The forms capability the plugin granted.
foreach ( wp_roles()->role_objects as $arshline_sidecar_role ) {
	$arshline_sidecar_role->remove_cap( 'manage_arshline_forms' );
}
