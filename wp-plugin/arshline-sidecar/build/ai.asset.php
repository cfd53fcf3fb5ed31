<?php return array('dependencies' => array('wp-api-fetch', 'wp-i18n'), 'version' => '1b3d28657f64f688bc16');
