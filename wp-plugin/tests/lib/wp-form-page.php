<?php
/**
 * Stand-ins for what template_redirect asks of WordPress on a page whose
 * post holds the form's shortcode, recording whether the page was sent
 * as not to be cached.
 *
 * @package Arshline_Sidecar
 */

/**
 * What the stand-ins saw.
 */
final class Arshline_Test_Page {
	/**
	 * Times nocache_headers() was called.
	 *
	 * @var int
	 */
	public static $nocache = 0;
}

// phpcs:disable Squiz.Commenting.FunctionComment.Missing, Generic.Files.OneObjectStructurePerFile.MultipleFound
function nocache_headers() {
	++Arshline_Test_Page::$nocache;
}
function get_query_var( $name ) {
	return '';
}
function is_singular() {
	return true;
}
function get_post() {
	return (object) array( 'post_content' => 'پیش از فرم [arshline_form id="1"] پس از فرم' );
}
function has_shortcode( $content, $tag ) {
	return false !== strpos( $content, '[' . $tag );
}
// phpcs:enable
