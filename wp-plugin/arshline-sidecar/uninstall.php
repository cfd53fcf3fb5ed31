<?php
/**
 * Removes everything the plugin stored in WordPress: its options (the
 * socket path, the language, the secret that keys visitors' addresses),
 * its transients (notices, connection tests, the daemon's versions,
 * form ids by token, thank-you receipts) and the forms capability.
 * Forms, versions, entries and uploads live in the daemon's database and
 * directory and are not touched; removing those is the daemon package's
 * purge (see docs/OPERATIONS.md).
 *
 * @package Arshline_Sidecar
 */

if ( ! defined( 'WP_UNINSTALL_PLUGIN' ) ) {
	exit;
}

/**
 * Deletes the plugin's rows of one site's options table: options named
 * arshline_sidecar_*, and the transients (with their timeouts) whose names
 * start with the plugin's prefixes. Deleting the rows also covers the
 * per-user and per-token transients, whose names cannot be listed.
 */
function arshline_sidecar_uninstall_site() {
	global $wpdb;
	$prefixes = array( 'arshline_sidecar_', 'arshline_done_', 'arshline_form_id_' );
	$likes    = array( $wpdb->esc_like( 'arshline_sidecar_' ) . '%' );
	foreach ( $prefixes as $prefix ) {
		$likes[] = $wpdb->esc_like( '_transient_' . $prefix ) . '%';
		$likes[] = $wpdb->esc_like( '_transient_timeout_' . $prefix ) . '%';
	}
	foreach ( $likes as $like ) {
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery -- a prefix sweep has no API; the cache is flushed below.
		$wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->options} WHERE option_name LIKE %s", $like ) );
	}
	wp_cache_flush();

	// The pull of notification mails from WP-cron.
	wp_clear_scheduled_hook( 'arshline_sidecar_mail_pull' );
	wp_clear_scheduled_hook( 'arshline_sidecar_mail_pull', array( 'submission' ) );

	// The forms capability the plugin granted.
	foreach ( wp_roles()->role_objects as $role ) {
		$role->remove_cap( 'manage_arshline_forms' );
	}
}

if ( is_multisite() ) {
	foreach ( get_sites( array( 'fields' => 'ids' ) ) as $arshline_sidecar_site ) {
		switch_to_blog( $arshline_sidecar_site );
		arshline_sidecar_uninstall_site();
		restore_current_blog();
	}
	global $wpdb;
	foreach ( array( 'arshline_sidecar_', '_site_transient_arshline_sidecar_', '_site_transient_timeout_arshline_sidecar_' ) as $arshline_sidecar_prefix ) {
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery -- as above, for the network's options.
		$wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->sitemeta} WHERE meta_key LIKE %s", $wpdb->esc_like( $arshline_sidecar_prefix ) . '%' ) );
	}
} else {
	arshline_sidecar_uninstall_site();
}
