// Where the official OpenAPI files, not the sandbox or the client, are wrong. Each entry says why, citing
// ../shared/bigcommerce/API-NOTES.md §8 or the spec's own text. Never add an entry to hide a sandbox bug: fix the
// sandbox instead. The contract test fails when an entry (or a patch) no longer matches anything, so the list
// cannot go stale.
import { eachObject, type AllowEntry, type SpecPatch } from './openapi-contract';

/** Corrections made to the spec files before they are compiled. */
export const CONTRACT_SPEC_PATCHES: readonly SpecPatch[] = [
  {
    file: '*',
    reason:
      "Swagger 2's `x-nullable: true` is used where OpenAPI 3 needs `nullable: true` (variant prices and sizes, " +
      '`sku_id`, option/modifier `value_data`); the descriptions say "If this value is `null`, the product’s ' +
      'default … will be used", so null is meant. Read as `nullable: true`.',
    apply(definition) {
      let changed = 0;
      eachObject(definition, (schema) => {
        if (schema['x-nullable'] === true && schema.nullable === undefined) {
          schema.nullable = true;
          changed++;
        }
      });
      return changed;
    },
  },
  {
    file: 'widgets.v3.yml',
    reason:
      'widgetSchemaSetting_Base declares `default` as a string, but its own `type` enum has boolean, number, ' +
      'range, toggle, boxModel and imageManager settings, and the createWidgetTemplate example sets ' +
      '`"default": {"src": …, "type": "IMAGE_MANAGER"}`. Any JSON value is accepted. (A patch, not a finding ' +
      'filter: a wrong default deep in a setting fails the whole `anyOf` of tab/array/hidden entries.)',
    apply(definition) {
      let changed = 0;
      eachObject(definition, (schema) => {
        const properties = schema.properties as Record<string, unknown> | undefined;
        if (schema.title === 'widgetSchemaSetting_Base' && properties?.default) {
          properties.default = { description: 'The default value (any JSON value).' };
          changed++;
        }
      });
      return changed;
    },
  },
];

export const CONTRACT_ALLOW_LIST: readonly AllowEntry[] = [
  {
    operationId: /^get/,
    where: 'request',
    instancePath: /^\/header$/,
    keyword: 'required',
    message: /content-type/,
    reason:
      'A few GET operations declare `Content-Type: application/json` as a required header, but a GET has no ' +
      'body for it to describe (RFC 9110 §8.3); the client sends Content-Type only with a body.',
  },
  {
    operationId: /^(getAllBulkPricingRules|getCategoryTrees)$/,
    where: 'request',
    instancePath: /^\/query$/,
    keyword: 'additionalProperties',
    message: /additionalProperty="(page|limit)"/,
    reason:
      'getAllBulkPricingRules and getCategoryTrees declare no `page`/`limit` parameters, yet their responses carry ' +
      "`meta.pagination` and the spec's own examples link to `?page=1&limit=50` and `?limit=5&page=2`.",
  },
  {
    operationId: 'getAllBulkPricingRules',
    where: 'response',
    status: 200,
    instancePath: /^\/data$/,
    keyword: 'type',
    reason:
      '"Get all Bulk Pricing Rules" declares `data` as one object beside a collection `meta` (metaCollection_Full); ' +
      'its own example has `pagination.count: 2` for that single object. `data` is the list.',
  },
  {
    operationId: /^(getProducts|getProduct|createProduct|updateProduct|updateProducts)$/,
    where: 'response',
    instancePath: /^\/data(\/\d+)?\/base_variant_id$/,
    keyword: 'type',
    message: /must be integer/,
    reason:
      'product_Full.base_variant_id is `type: integer` without `nullable`, but its description says "This value ' +
      'is `null` for complex products".',
  },
  {
    operationId: /^(getProducts|getProduct|createProduct|updateProduct|updateProducts)$/,
    where: 'response',
    instancePath: /^\/data(\/\d+)?\/(date_last_imported|option_set_id)$/,
    keyword: 'type',
    reason:
      '`date_last_imported` ("the date when the Product had been imported") and `option_set_id` ("Indicates that ' +
      'the product is in an Option Set (legacy V2 concept)") have no value for a product never imported or in no ' +
      'option set; BigCommerce sends `null` (seen in public dumps of real answers), which the schema lacks ' +
      '`nullable` for.',
  },
  {
    operationId: 'createProductVariantOption',
    where: 'response',
    status: 200,
    instancePath: /^\/data\/option_values\/\d+\/value_data$/,
    keyword: 'type',
    message: /must be object/,
    reason:
      "The inline copy of `value_data` in this answer lacks the `nullable: true` of the file's own " +
      '`components.schemas.value_data`, which says "If no data is available, returns `null`" (a rectangles or ' +
      'dropdown value has none).',
  },
  {
    operationId: /^(createProductImage|updateProductImage)$/,
    where: 'response',
    status: 200,
    instancePath: /^\/data$/,
    keyword: 'oneOf',
    message: /passingSchemas=\[0,1\]/,
    reason:
      'The image answer is a `oneOf` of an `image_url` shape and an `image_file` shape, neither with required ' +
      'properties, so every image matches both and `oneOf` (exactly one) can never pass; `anyOf` is meant.',
  },
  {
    operationId: /^(createCategories)$/,
    where: 'request',
    instancePath: /^\/requestBody\/\d+$/,
    message: /parent_id|anyOf/,
    reason:
      'CreateCategories has `anyOf: [{required: [tree_id, parent_id]}]` (one branch needing both), while the ' +
      'operation text says "`tree_id` or `parent_id`" and `parent_id` says "To create a top-level category, ' +
      'specify the `tree_id`. Otherwise, you can specify the `parent_id`."',
  },
  {
    operationId: 'createProductVariant',
    where: 'response',
    status: 409,
    instancePath: /^$/,
    keyword: 'status',
    reason:
      'createProductVariant declares only 200, 207 and 404, but SKUs are unique across products and variants ' +
      '(product_Base_POST.sku) and the same spec answers a duplicate SKU with 409 on products (createProduct).',
  },
];
