<?php return array('dependencies' => array('wp-api-fetch', 'wp-i18n'), 'version' => '9d0a44e14b60bbd6ba38');
