<?php return array('dependencies' => array('wp-api-fetch', 'wp-i18n'), 'version' => '1ff0b9f3d8a8bb2116c8');
