<?php return array('dependencies' => array('wp-api-fetch', 'wp-i18n'), 'version' => '04b10a8388eefea28040');
