<?php
/**
 * Plugin Name:       Arshline Sidecar
 * Plugin URI:        https://github.com/arshline/arshline-sidecar
 * Description:       A Persian-first form builder: public forms by block, shortcode or link, entries, results and CSV/Excel exports, and Hosha2 AI form generation with any OpenAI-compatible model (everything else works without one). Served by the arshlined service over a local Unix socket.
 * Version:           0.1.0
 * Requires at least: 6.1
 * Requires PHP:      7.4
 * Author:            Arshline
 * License:           GPL-2.0-or-later
 * License URI:       https://www.gnu.org/licenses/gpl-2.0.html
 * Text Domain:       arshline-sidecar
 * Domain Path:       /languages
 *
 * @package Arshline_Sidecar
 */

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

define( 'ARSHLINE_SIDECAR_VERSION', '0.1.0' );
define( 'ARSHLINE_SIDECAR_FILE', __FILE__ );
define( 'ARSHLINE_SIDECAR_DIR', plugin_dir_path( __FILE__ ) );

require_once ARSHLINE_SIDECAR_DIR . 'includes/class-arshline-sidecar-errors.php';
require_once ARSHLINE_SIDECAR_DIR . 'includes/class-arshline-sidecar-client.php';
require_once ARSHLINE_SIDECAR_DIR . 'includes/class-arshline-sidecar-plugin.php';
require_once ARSHLINE_SIDECAR_DIR . 'includes/class-arshline-sidecar-rest.php';
require_once ARSHLINE_SIDECAR_DIR . 'includes/class-arshline-sidecar-routes.php';
require_once ARSHLINE_SIDECAR_DIR . 'includes/rest/class-arshline-sidecar-rest-controller.php';
require_once ARSHLINE_SIDECAR_DIR . 'includes/rest/class-arshline-sidecar-rest-health-controller.php';
require_once ARSHLINE_SIDECAR_DIR . 'includes/rest/class-arshline-sidecar-rest-plans-controller.php';
require_once ARSHLINE_SIDECAR_DIR . 'includes/rest/class-arshline-sidecar-rest-executions-controller.php';
require_once ARSHLINE_SIDECAR_DIR . 'includes/rest/class-arshline-sidecar-rest-undo-controller.php';
require_once ARSHLINE_SIDECAR_DIR . 'includes/rest/class-arshline-sidecar-rest-audit-controller.php';
require_once ARSHLINE_SIDECAR_DIR . 'includes/rest/class-arshline-sidecar-rest-forms-controller.php';
require_once ARSHLINE_SIDECAR_DIR . 'includes/rest/class-arshline-sidecar-rest-hosha2-controller.php';
require_once ARSHLINE_SIDECAR_DIR . 'includes/rest/class-arshline-sidecar-rest-hosha2-jobs-controller.php';
require_once ARSHLINE_SIDECAR_DIR . 'includes/rest/class-arshline-sidecar-rest-versions-controller.php';
require_once ARSHLINE_SIDECAR_DIR . 'includes/rest/class-arshline-sidecar-rest-stream.php';
require_once ARSHLINE_SIDECAR_DIR . 'includes/rest/class-arshline-sidecar-rest-submissions-controller.php';
require_once ARSHLINE_SIDECAR_DIR . 'includes/rest/class-arshline-sidecar-rest-results-controller.php';
require_once ARSHLINE_SIDECAR_DIR . 'includes/rest/class-arshline-sidecar-rest-builder-controller.php';
require_once ARSHLINE_SIDECAR_DIR . 'includes/rest/class-arshline-sidecar-rest-notifications-controller.php';
require_once ARSHLINE_SIDECAR_DIR . 'includes/rest/class-arshline-sidecar-rest-relay-controller.php';
require_once ARSHLINE_SIDECAR_DIR . 'includes/class-arshline-sidecar-diagnostics.php';
require_once ARSHLINE_SIDECAR_DIR . 'includes/class-arshline-sidecar-site-health.php';
require_once ARSHLINE_SIDECAR_DIR . 'includes/class-arshline-sidecar-admin.php';
require_once ARSHLINE_SIDECAR_DIR . 'includes/class-arshline-sidecar-model-settings.php';
require_once ARSHLINE_SIDECAR_DIR . 'includes/rest/class-arshline-sidecar-rest-public-controller.php';
require_once ARSHLINE_SIDECAR_DIR . 'includes/public/class-arshline-sidecar-public-renderer.php';
require_once ARSHLINE_SIDECAR_DIR . 'includes/public/class-arshline-sidecar-public-mail.php';
require_once ARSHLINE_SIDECAR_DIR . 'includes/public/class-arshline-sidecar-public-privacy.php';
require_once ARSHLINE_SIDECAR_DIR . 'includes/class-arshline-sidecar-public.php';

register_activation_hook( __FILE__, array( 'Arshline_Sidecar_Plugin', 'grant_capability' ) );
register_deactivation_hook( __FILE__, array( 'Arshline_Sidecar_Public_Mail', 'unschedule' ) );
Arshline_Sidecar_Plugin::boot();
Arshline_Sidecar_Public::boot();
Arshline_Sidecar_Public_Mail::boot();
