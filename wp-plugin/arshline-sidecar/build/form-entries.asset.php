<?php return array('dependencies' => array('wp-api-fetch', 'wp-i18n'), 'version' => '3cecaf763bd16f8b2297');
