/**
 * A form's Build tab: the builder, its preview and the AI change box.
 */

import { Builder } from '../builder';
import { mount } from '../mount';
import { ready } from './ready';

ready( function () {
	mount( 'arsh-builder', Builder );
} );
