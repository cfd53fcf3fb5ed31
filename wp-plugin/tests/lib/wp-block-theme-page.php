<?php
/**
 * Stand-ins for what the direct link's page asks of a block theme
 * (Debian's twentytwentythree): it is a block theme, it declares no
 * title-tag support of its own (its templates print the title), and its
 * head and footer print nothing here.
 *
 * @package Arshline_Sidecar
 */

// phpcs:disable Squiz.Commenting.FunctionComment.Missing
function wp_is_block_theme() {
	return true;
}
function current_theme_supports( $feature ) {
	return false;
}
function get_language_attributes() {
	return 'dir="rtl" lang="fa-IR"';
}
function get_bloginfo( $show = '', $filter = 'raw' ) {
	return 'charset' === $show ? 'UTF-8' : 'Arshline';
}
function wp_head() {
}
function wp_footer() {
}
function status_header( $code ) {
}
// phpcs:enable
