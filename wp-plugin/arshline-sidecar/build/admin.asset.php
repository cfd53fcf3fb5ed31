<?php return array('dependencies' => array('wp-api-fetch', 'wp-i18n'), 'version' => 'c5dbe83e86089cebaff7');
