/**
 * @wordpress/scripts' webpack configuration, pointed at the plugin: the
 * admin page's modules in arshline-sidecar/src/admin/ become
 * arshline-sidecar/build/admin.js and admin.asset.php (its WordPress
 * script dependencies and a content hash as its version); the public
 * form's script and stylesheet (src/public/) become build/public.js and
 * build/public.css, and the form block's editor script (src/blocks/form/)
 * build/block-form.js.
 */
const path = require( 'path' );
const defaultConfig = require( '@wordpress/scripts/config/webpack.config' );

module.exports = {
	...defaultConfig,
	entry: {
		admin: path.resolve( __dirname, 'arshline-sidecar/src/admin/index.js' ),
		public: path.resolve( __dirname, 'arshline-sidecar/src/public/index.js' ),
		'block-form': path.resolve( __dirname, 'arshline-sidecar/src/blocks/form/index.js' ),
	},
	output: {
		...defaultConfig.output,
		path: path.resolve( __dirname, 'arshline-sidecar/build' ),
	},
};
