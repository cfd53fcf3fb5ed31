/**
 * A form's Build tab: the builder, its preview and the AI change box.
 */

import { initBuilder } from '../builder';
import { ready } from './ready';

ready( initBuilder );
